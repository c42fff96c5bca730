import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The whole schema of the MySQL migrations up to ConsumerCursors1763820000000, for the embedded
 * SQLite database. Same tables, columns and unique keys (with the same names); SQLite's own
 * types: text for strings, times (`YYYY-MM-DD HH:MM:SS.SSS`, UTC, as TypeORM writes them) and
 * JSON, integer for numbers and booleans, blob for bytes. A later schema change is a migration in
 * both folders.
 */
export class EmbeddedSchema1763830000000 implements MigrationInterface {
  name = 'EmbeddedSchema1763830000000';

  async up(db: QueryRunner): Promise<void> {
    for (const statement of STATEMENTS) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of TABLES.toReversed()) await db.query(`DROP TABLE ${table}`);
  }
}

const TABLES = [
  'organizations',
  'users',
  'projects',
  'idp_configs',
  'user_idp_links',
  'role_grants',
  'user_codes',
  'events',
  'user_read_models',
  'project_read_models',
  'consumer_cursors',
];

const STATEMENTS = [
  `CREATE TABLE organizations (
    id TEXT NOT NULL PRIMARY KEY,
    name TEXT NOT NULL,
    state TEXT NOT NULL,
    created_at TEXT NOT NULL
  )`,
  `CREATE TABLE users (
    id TEXT NOT NULL PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES organizations (id),
    user_name TEXT NOT NULL,
    user_name_lower TEXT NOT NULL,
    state TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    nick_name TEXT NULL,
    display_name TEXT NOT NULL,
    preferred_language TEXT NULL,
    gender TEXT NOT NULL,
    email TEXT NOT NULL,
    email_verified INTEGER NOT NULL,
    phone TEXT NULL,
    phone_verified INTEGER NOT NULL,
    password_hash TEXT NULL,
    password_change_required INTEGER NOT NULL,
    otp_secret_encrypted BLOB NULL,
    version INTEGER NOT NULL,
    sequence INTEGER NOT NULL,
    creation_date TEXT NOT NULL,
    change_date TEXT NOT NULL
  )`,
  'CREATE UNIQUE INDEX users_user_name_lower ON users (user_name_lower)',
  'CREATE INDEX users_org ON users (org_id)',
  `CREATE TABLE projects (
    id TEXT NOT NULL PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES organizations (id),
    name TEXT NOT NULL,
    name_lower TEXT NOT NULL,
    project_role_assertion INTEGER NOT NULL,
    project_role_check INTEGER NOT NULL,
    has_project_check INTEGER NOT NULL,
    private_labeling_setting TEXT NOT NULL,
    version INTEGER NOT NULL,
    sequence INTEGER NOT NULL,
    creation_date TEXT NOT NULL,
    change_date TEXT NOT NULL
  )`,
  'CREATE UNIQUE INDEX projects_org_name ON projects (org_id, name_lower)',
  `CREATE TABLE idp_configs (
    id TEXT NOT NULL PRIMARY KEY,
    org_id TEXT NOT NULL REFERENCES organizations (id),
    name TEXT NOT NULL,
    created_at TEXT NOT NULL
  )`,
  'CREATE INDEX idp_configs_org ON idp_configs (org_id)',
  `CREATE TABLE user_idp_links (
    config_id TEXT NOT NULL REFERENCES idp_configs (id),
    external_user_id TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    display_name TEXT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (config_id, external_user_id)
  )`,
  'CREATE INDEX user_idp_links_user ON user_idp_links (user_id)',
  `CREATE TABLE role_grants (
    user_id TEXT NOT NULL REFERENCES users (id),
    org_id TEXT NOT NULL,
    role TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (user_id, org_id, role)
  )`,
  `CREATE TABLE user_codes (
    id TEXT NOT NULL PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    kind TEXT NOT NULL,
    code_hash BLOB NOT NULL,
    expires_at TEXT NOT NULL,
    created_at TEXT NOT NULL,
    used_at TEXT NULL,
    source_event_id TEXT NULL,
    sent_at TEXT NULL
  )`,
  'CREATE INDEX user_codes_user ON user_codes (user_id, kind)',
  'CREATE UNIQUE INDEX user_codes_source_event ON user_codes (source_event_id)',
  // AUTOINCREMENT: a position is never given twice, even after the last event is deleted.
  `CREATE TABLE events (
    position INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL,
    type TEXT NOT NULL,
    aggregate_type TEXT NOT NULL,
    aggregate_id TEXT NOT NULL,
    aggregate_version INTEGER NOT NULL,
    org_id TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at TEXT NOT NULL,
    published_at TEXT NULL
  )`,
  'CREATE UNIQUE INDEX events_id ON events (id)',
  'CREATE UNIQUE INDEX events_aggregate_version ON events (aggregate_type, aggregate_id, aggregate_version)',
  'CREATE INDEX events_unpublished ON events (published_at, position)',
  `CREATE TABLE user_read_models (
    id TEXT NOT NULL PRIMARY KEY,
    org_id TEXT NOT NULL,
    user_name TEXT NOT NULL,
    state TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    nick_name TEXT NULL,
    display_name TEXT NOT NULL,
    preferred_language TEXT NULL,
    gender TEXT NOT NULL,
    email TEXT NOT NULL,
    email_verified INTEGER NOT NULL,
    phone TEXT NULL,
    phone_verified INTEGER NOT NULL,
    idp_links TEXT NOT NULL,
    has_password INTEGER NOT NULL,
    password_change_required INTEGER NOT NULL,
    has_otp INTEGER NOT NULL,
    sequence INTEGER NOT NULL,
    creation_date TEXT NOT NULL,
    change_date TEXT NOT NULL
  )`,
  'CREATE INDEX user_read_models_org ON user_read_models (org_id)',
  `CREATE TABLE project_read_models (
    id TEXT NOT NULL PRIMARY KEY,
    org_id TEXT NOT NULL,
    name TEXT NOT NULL,
    project_role_assertion INTEGER NOT NULL,
    project_role_check INTEGER NOT NULL,
    has_project_check INTEGER NOT NULL,
    private_labeling_setting TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    creation_date TEXT NOT NULL,
    change_date TEXT NOT NULL
  )`,
  'CREATE INDEX project_read_models_org ON project_read_models (org_id)',
  `CREATE TABLE consumer_cursors (
    consumer TEXT NOT NULL PRIMARY KEY,
    position INTEGER NOT NULL
  )`,
];
