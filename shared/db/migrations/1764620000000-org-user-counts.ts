import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Whether a user read model row is counted: a removed user's tombstone is not. */
const COUNTED = (row: 'NEW' | 'OLD') => `(${row}.state <> 'removed')`;

/**
 * How many users each organization has (`org_user_counts`), as ListUsers answers for a list that
 * no query narrows: counting a million rows takes most of a second, reading this row nothing.
 *
 * The database keeps it, by triggers on `user_read_models`, in the transaction that changes a
 * row: it is exactly the count of the rows that are not tombstones, whatever the worker's batches
 * fold or replay (an insert of a row already there, an update that changes nothing, counts
 * nothing). A row's organization never changes; the triggers count it all the same. The counts
 * of the rows already there are taken after the triggers are made, each replacing what a trigger
 * may have counted meanwhile, so that a worker writing during the migration is counted once.
 *
 * With binary logging on, MySQL and MariaDB let a user without SUPER make triggers only when
 * `log_bin_trust_function_creators` is set (docs/operations.md).
 */
export class OrgUserCounts1764620000000 implements MigrationInterface {
  name = 'OrgUserCounts1764620000000';

  async up(db: QueryRunner): Promise<void> {
    const mysql = db.connection.options.type === 'mysql';
    const statements = mysql ? MARIADB : SQLITE;
    for (const statement of statements) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const trigger of TRIGGERS) await db.query(`DROP TRIGGER ${trigger}`);
    await db.query('DROP TABLE org_user_counts');
  }
}

const TRIGGERS = [
  'user_read_models_count_insert',
  'user_read_models_count_update',
  'user_read_models_count_delete',
];

/** MariaDB's: an upsert adds each change to the organization's row. */
const MARIADB = [
  `CREATE TABLE org_user_counts (
    org_id CHAR(36) NOT NULL PRIMARY KEY,
    users BIGINT NOT NULL
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`,
  `CREATE TRIGGER user_read_models_count_insert AFTER INSERT ON user_read_models FOR EACH ROW
    ${mariadbAdd('NEW.org_id', COUNTED('NEW'))}`,
  `CREATE TRIGGER user_read_models_count_update AFTER UPDATE ON user_read_models FOR EACH ROW
    BEGIN
      IF ${COUNTED('NEW')} <> ${COUNTED('OLD')} OR NEW.org_id <> OLD.org_id THEN
        ${mariadbAdd('OLD.org_id', `-${COUNTED('OLD')}`)};
        ${mariadbAdd('NEW.org_id', COUNTED('NEW'))};
      END IF;
    END`,
  `CREATE TRIGGER user_read_models_count_delete AFTER DELETE ON user_read_models FOR EACH ROW
    ${mariadbAdd('OLD.org_id', `-${COUNTED('OLD')}`)}`,
  `INSERT INTO org_user_counts (org_id, users)
    SELECT counted.org_id, counted.users FROM (
      SELECT org_id, COUNT(*) AS users FROM user_read_models
        WHERE state <> 'removed' GROUP BY org_id) AS counted
    ON DUPLICATE KEY UPDATE users = counted.users`,
];

function mariadbAdd(org: string, change: string): string {
  return `INSERT INTO org_user_counts (org_id, users) VALUES (${org}, ${change})
    ON DUPLICATE KEY UPDATE users = users + ${change}`;
}

/** SQLite's: a trigger runs only when its change counts. */
const SQLITE = [
  `CREATE TABLE org_user_counts (
    org_id VARCHAR(36) NOT NULL PRIMARY KEY,
    users INTEGER NOT NULL
  )`,
  `CREATE TRIGGER user_read_models_count_insert AFTER INSERT ON user_read_models
    WHEN ${COUNTED('NEW')}
    BEGIN ${sqliteAdd('NEW.org_id', '1')}; END`,
  `CREATE TRIGGER user_read_models_count_update AFTER UPDATE OF state, org_id ON user_read_models
    WHEN ${COUNTED('NEW')} <> ${COUNTED('OLD')} OR NEW.org_id <> OLD.org_id
    BEGIN
      ${sqliteAdd('OLD.org_id', `-${COUNTED('OLD')}`)};
      ${sqliteAdd('NEW.org_id', COUNTED('NEW'))};
    END`,
  `CREATE TRIGGER user_read_models_count_delete AFTER DELETE ON user_read_models
    WHEN ${COUNTED('OLD')}
    BEGIN ${sqliteAdd('OLD.org_id', '-1')}; END`,
  `INSERT INTO org_user_counts (org_id, users)
    SELECT org_id, COUNT(*) FROM user_read_models WHERE state <> 'removed' GROUP BY org_id`,
];

function sqliteAdd(org: string, change: string): string {
  return `INSERT INTO org_user_counts (org_id, users) VALUES (${org}, ${change})
    ON CONFLICT (org_id) DO UPDATE SET users = users + excluded.users`;
}
