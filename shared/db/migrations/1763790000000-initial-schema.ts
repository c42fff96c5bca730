import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The write side: state tables plus `events`, which doubles as the transactional outbox.
 * Case-insensitive uniqueness uses explicit lower-cased columns with a binary collation, so
 * MariaDB and MySQL 8 (whose default collations differ) decide it the same way. They are twice
 * as wide as the names: lower-casing can lengthen a string ('İ' becomes 'i' and a combining dot).
 */
export class InitialSchema1763790000000 implements MigrationInterface {
  name = 'InitialSchema1763790000000';

  async up(db: QueryRunner): Promise<void> {
    const table = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin';
    await db.query(`CREATE TABLE organizations (
      id CHAR(36) NOT NULL PRIMARY KEY,
      name VARCHAR(200) NOT NULL,
      state VARCHAR(16) NOT NULL,
      created_at DATETIME(3) NOT NULL
    ) ${table}`);
    await db.query(`CREATE TABLE users (
      id CHAR(36) NOT NULL PRIMARY KEY,
      org_id CHAR(36) NOT NULL,
      user_name VARCHAR(200) NOT NULL,
      user_name_lower VARCHAR(400) NOT NULL,
      state VARCHAR(16) NOT NULL,
      first_name VARCHAR(200) NOT NULL,
      last_name VARCHAR(200) NOT NULL,
      nick_name VARCHAR(200) NULL,
      display_name VARCHAR(200) NOT NULL,
      preferred_language VARCHAR(35) NULL,
      gender VARCHAR(32) NOT NULL,
      email VARCHAR(320) NOT NULL,
      email_verified BOOLEAN NOT NULL,
      phone VARCHAR(50) NULL,
      phone_verified BOOLEAN NOT NULL,
      password_hash VARCHAR(1024) NULL,
      password_change_required BOOLEAN NOT NULL,
      otp_secret_encrypted VARBINARY(512) NULL,
      version INT UNSIGNED NOT NULL,
      sequence BIGINT UNSIGNED NOT NULL,
      creation_date DATETIME(3) NOT NULL,
      change_date DATETIME(3) NOT NULL,
      UNIQUE KEY users_user_name_lower (user_name_lower),
      KEY users_org (org_id),
      CONSTRAINT users_org_fk FOREIGN KEY (org_id) REFERENCES organizations (id)
    ) ${table}`);
    await db.query(`CREATE TABLE projects (
      id CHAR(36) NOT NULL PRIMARY KEY,
      org_id CHAR(36) NOT NULL,
      name VARCHAR(200) NOT NULL,
      name_lower VARCHAR(400) NOT NULL,
      project_role_assertion BOOLEAN NOT NULL,
      project_role_check BOOLEAN NOT NULL,
      has_project_check BOOLEAN NOT NULL,
      private_labeling_setting VARCHAR(64) NOT NULL,
      version INT UNSIGNED NOT NULL,
      sequence BIGINT UNSIGNED NOT NULL,
      creation_date DATETIME(3) NOT NULL,
      change_date DATETIME(3) NOT NULL,
      UNIQUE KEY projects_org_name (org_id, name_lower),
      CONSTRAINT projects_org_fk FOREIGN KEY (org_id) REFERENCES organizations (id)
    ) ${table}`);
    await db.query(`CREATE TABLE idp_configs (
      id CHAR(36) NOT NULL PRIMARY KEY,
      org_id CHAR(36) NOT NULL,
      name VARCHAR(200) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      KEY idp_configs_org (org_id),
      CONSTRAINT idp_configs_org_fk FOREIGN KEY (org_id) REFERENCES organizations (id)
    ) ${table}`);
    await db.query(`CREATE TABLE user_idp_links (
      config_id CHAR(36) NOT NULL,
      external_user_id VARCHAR(200) NOT NULL,
      user_id CHAR(36) NOT NULL,
      display_name VARCHAR(200) NULL,
      created_at DATETIME(3) NOT NULL,
      PRIMARY KEY (config_id, external_user_id),
      KEY user_idp_links_user (user_id),
      CONSTRAINT user_idp_links_config_fk FOREIGN KEY (config_id) REFERENCES idp_configs (id),
      CONSTRAINT user_idp_links_user_fk FOREIGN KEY (user_id) REFERENCES users (id)
    ) ${table}`);
    // org_id '' marks an instance-wide grant (IAM_OWNER): a NULL would escape the primary key.
    await db.query(`CREATE TABLE role_grants (
      user_id CHAR(36) NOT NULL,
      org_id VARCHAR(36) NOT NULL,
      role VARCHAR(32) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      PRIMARY KEY (user_id, org_id, role),
      CONSTRAINT role_grants_user_fk FOREIGN KEY (user_id) REFERENCES users (id)
    ) ${table}`);
    await db.query(`CREATE TABLE user_codes (
      id CHAR(36) NOT NULL PRIMARY KEY,
      user_id CHAR(36) NOT NULL,
      kind VARCHAR(32) NOT NULL,
      code_hash BINARY(32) NOT NULL,
      expires_at DATETIME(3) NOT NULL,
      created_at DATETIME(3) NOT NULL,
      used_at DATETIME(3) NULL,
      KEY user_codes_user (user_id, kind),
      CONSTRAINT user_codes_user_fk FOREIGN KEY (user_id) REFERENCES users (id)
    ) ${table}`);
    // position: the service-wide order that details.sequence reports.
    // aggregate_version: the order within one aggregate, which the relay keeps per Kafka key.
    await db.query(`CREATE TABLE events (
      position BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      id CHAR(36) NOT NULL,
      type VARCHAR(100) NOT NULL,
      aggregate_type VARCHAR(32) NOT NULL,
      aggregate_id CHAR(36) NOT NULL,
      aggregate_version INT UNSIGNED NOT NULL,
      org_id CHAR(36) NOT NULL,
      payload JSON NOT NULL,
      created_at DATETIME(3) NOT NULL,
      published_at DATETIME(3) NULL,
      UNIQUE KEY events_id (id),
      UNIQUE KEY events_aggregate_version (aggregate_type, aggregate_id, aggregate_version),
      KEY events_unpublished (published_at, position)
    ) ${table}`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const name of [
      'events',
      'user_codes',
      'role_grants',
      'user_idp_links',
      'idp_configs',
      'projects',
      'users',
      'organizations',
    ]) {
      await db.query(`DROP TABLE ${name}`);
    }
  }
}
