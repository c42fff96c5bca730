import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The read side the worker keeps: what a read of a user or a project returns, with the details
 * of the last event reduced. And the initialization code's link to the event that made it due,
 * so that a redelivered event never makes a second code.
 */
export class ReadModels1763800000000 implements MigrationInterface {
  name = 'ReadModels1763800000000';

  async up(db: QueryRunner): Promise<void> {
    const table = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin';
    await db.query(`CREATE TABLE user_read_models (
      id CHAR(36) NOT NULL PRIMARY KEY,
      org_id CHAR(36) NOT NULL,
      user_name VARCHAR(200) NOT NULL,
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
      idp_links JSON NOT NULL,
      has_password BOOLEAN NOT NULL,
      password_change_required BOOLEAN NOT NULL,
      has_otp BOOLEAN NOT NULL,
      sequence BIGINT UNSIGNED NOT NULL,
      creation_date DATETIME(3) NOT NULL,
      change_date DATETIME(3) NOT NULL,
      KEY user_read_models_org (org_id)
    ) ${table}`);
    await db.query(`CREATE TABLE project_read_models (
      id CHAR(36) NOT NULL PRIMARY KEY,
      org_id CHAR(36) NOT NULL,
      name VARCHAR(200) NOT NULL,
      project_role_assertion BOOLEAN NOT NULL,
      project_role_check BOOLEAN NOT NULL,
      has_project_check BOOLEAN NOT NULL,
      private_labeling_setting VARCHAR(64) NOT NULL,
      sequence BIGINT UNSIGNED NOT NULL,
      creation_date DATETIME(3) NOT NULL,
      change_date DATETIME(3) NOT NULL,
      KEY project_read_models_org (org_id)
    ) ${table}`);
    await db.query(`ALTER TABLE user_codes
      ADD COLUMN source_event_id CHAR(36) NULL,
      ADD UNIQUE KEY user_codes_source_event (source_event_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      'ALTER TABLE user_codes DROP KEY user_codes_source_event, DROP COLUMN source_event_id',
    );
    await db.query('DROP TABLE project_read_models');
    await db.query('DROP TABLE user_read_models');
  }
}
