import type { QueryRunner } from 'typeorm';
import { MARIADB_TYPES, type ColumnTypes } from './column-types.js';
import { TablesMigration } from './tables-migration.js';
import { uniqueNameKey } from '../../unique-name-key.js';

/**
 * The user read model as ListUsers searches it: machine users beside the human ones (`type`,
 * their name, description and whether they hold a secret), and the search keys of the user name
 * and the email (lower case) with the organization in front, so that a prefix or an exact match
 * in one organization is an index range, and a page after a cursor one too. The machine users
 * made before are copied from `machine_users`. And how far each read model got
 * (`read_model_progress`), which a list answers as its `processedSequence`.
 */
export class UserReadModelSearch1764010000000 extends TablesMigration {
  name = 'UserReadModelSearch1764010000000';
  tables = READ_MODEL_PROGRESS_TABLES;
  override addedColumns = USER_SEARCH_COLUMNS;
  override addedIndexes = USER_SEARCH_INDEXES;
  /** The rows whose keys LOWER may not have made as the worker does. */
  protected rekeyed = "user_name REGEXP '[^ -~]' OR email REGEXP '[^ -~]'";
  statements = () => [
    ...userSearchStatements(MARIADB_TYPES),
    // MariaDB's LOWER is Unicode's, but not NFC: texts beyond ASCII get their keys in `up`.
    'UPDATE user_read_models SET user_name_lower = LOWER(user_name), email_lower = LOWER(email)',
    // (org_id, id) serves all it served, and the optimizer took it for a cursor's range.
    'DROP INDEX user_read_models_org ON user_read_models',
  ];

  override async up(db: QueryRunner): Promise<void> {
    await super.up(db);
    await exactSearchKeys(db, uniqueNameKey, this.rekeyed);
  }

  override async down(db: QueryRunner): Promise<void> {
    // Without `type` they would read as people; the read model held no machine user before.
    await db.query("DELETE FROM user_read_models WHERE type = 'machine'");
    await db.query('CREATE INDEX user_read_models_org ON user_read_models (org_id)');
    await super.down(db);
  }
}

export const READ_MODEL_PROGRESS_TABLES = ['read_model_progress'];

export const USER_SEARCH_COLUMNS = [
  'user_read_models.type',
  'user_read_models.user_name_lower',
  'user_read_models.email_lower',
  'user_read_models.machine_name',
  'user_read_models.machine_description',
  'user_read_models.has_secret',
];

export const USER_SEARCH_INDEXES = [
  'user_read_models.user_read_models_org_user_name',
  'user_read_models.user_read_models_org_email',
  'user_read_models.user_read_models_org_id',
];

/** The statements in one database's column types. */
export function userSearchStatements(types: ColumnTypes): string[] {
  return [
    `CREATE TABLE read_model_progress (
       read_model VARCHAR(100) NOT NULL PRIMARY KEY,
       position ${types.position} NOT NULL,
       change_date ${types.time} NOT NULL
     ) ${types.options}`,
    `ALTER TABLE user_read_models ADD COLUMN type VARCHAR(16) NOT NULL DEFAULT 'human'`,
    `ALTER TABLE user_read_models ADD COLUMN user_name_lower ${types.nameKey} NOT NULL DEFAULT ''`,
    `ALTER TABLE user_read_models ADD COLUMN email_lower ${types.emailKey} NOT NULL DEFAULT ''`,
    `ALTER TABLE user_read_models ADD COLUMN machine_name ${types.name} NULL`,
    `ALTER TABLE user_read_models ADD COLUMN machine_description ${types.text} NULL`,
    `ALTER TABLE user_read_models ADD COLUMN has_secret ${types.flag} NOT NULL DEFAULT 0`,
    'CREATE INDEX user_read_models_org_user_name ON user_read_models (org_id, user_name_lower, id)',
    'CREATE INDEX user_read_models_org_email ON user_read_models (org_id, email_lower, id)',
    'CREATE INDEX user_read_models_org_id ON user_read_models (org_id, id)',
    `INSERT INTO user_read_models (id, org_id, user_name, user_name_lower, state, type,
       machine_name, machine_description, has_secret, first_name, last_name, display_name,
       gender, email, email_lower, email_verified, phone_verified, idp_links, has_password,
       password_change_required, has_otp, sequence, creation_date, change_date)
     SELECT id, org_id, user_name, user_name_lower, state, 'machine', name, description,
       secret_encrypted IS NOT NULL, '', '', '', 'GENDER_UNSPECIFIED', '', '', 0, 0, '[]', 0, 0, 0,
       sequence, creation_date, change_date
       FROM machine_users`,
  ];
}

/**
 * The search keys of the rows `where` picks, made as the worker makes them (`key`), so that an
 * exact search finds what the worker's keys would.
 */
export async function exactSearchKeys(
  db: QueryRunner,
  key: (text: string) => string,
  where: string,
): Promise<void> {
  const rows: { id: string; user_name: string; email: string }[] = await db.query(
    `SELECT id, user_name, email FROM user_read_models WHERE ${where}`,
  );
  for (const row of rows)
    await db.query(
      'UPDATE user_read_models SET user_name_lower = ?, email_lower = ? WHERE id = ?',
      [key(row.user_name), key(row.email), row.id],
    );
}
