import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The indexes, by name, and their columns: with the state, so a count reads the index alone. */
const SORT_INDEXES: [name: string, columns: string][] = [
  ['user_read_models_org_display_name', 'org_id, display_name, id, state'],
  ['user_read_models_org_state', 'org_id, state, id'],
  ['user_read_models_org_type', 'org_id, type, id, state'],
];

/**
 * The user read model indexed by the organization and each other column the console's users list
 * sorts by (ListUsers' USER_FIELD_NAME_DISPLAY_NAME, _STATE and _TYPE; the user name, the email
 * and the creation date have theirs): a page of a million users sorted so reads its fifty rows
 * in order from the index instead of sorting the organization. The same statements on MariaDB
 * and SQLite, but for how an index is dropped.
 */
export class UserSortIndexes1764610000000 implements MigrationInterface {
  name = 'UserSortIndexes1764610000000';

  async up(db: QueryRunner): Promise<void> {
    for (const [name, columns] of SORT_INDEXES)
      await db.query(`CREATE INDEX ${name} ON user_read_models (${columns})`);
  }

  async down(db: QueryRunner): Promise<void> {
    const on = db.connection.options.type === 'mysql' ? ' ON user_read_models' : '';
    for (const [name] of SORT_INDEXES) await db.query(`DROP INDEX ${name}${on}`);
  }
}
