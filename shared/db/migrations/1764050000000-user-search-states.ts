import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The user read model's search indexes, by name, and their columns before `state` was added. */
const SEARCH_INDEXES: [name: string, columns: string][] = [
  ['user_read_models_org_user_name', 'org_id, user_name_lower, id'],
  ['user_read_models_org_email', 'org_id, email_lower, id'],
  ['user_read_models_org_id', 'org_id, id'],
];

/**
 * The user read model's search indexes carry the state too, so that a list's count (and its
 * skipping of removed users' tombstones) reads the index alone: before, a prefix that matched a
 * thousand users looked up a thousand rows to read their state. The same statements on MariaDB
 * and SQLite, but for how an index is dropped.
 */
export class UserSearchStates1764050000000 implements MigrationInterface {
  name = 'UserSearchStates1764050000000';

  async up(db: QueryRunner): Promise<void> {
    await rebuild(db, (columns) => `${columns}, state`);
  }

  async down(db: QueryRunner): Promise<void> {
    await rebuild(db, (columns) => columns);
  }
}

async function rebuild(db: QueryRunner, columnsOf: (columns: string) => string): Promise<void> {
  const on = db.connection.options.type === 'mysql' ? ' ON user_read_models' : '';
  for (const [name, columns] of SEARCH_INDEXES) {
    await db.query(`DROP INDEX ${name}${on}`);
    await db.query(`CREATE INDEX ${name} ON user_read_models (${columnsOf(columns)})`);
  }
}
