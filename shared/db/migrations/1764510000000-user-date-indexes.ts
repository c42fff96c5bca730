import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The indexes, by name, and their columns: with the state, so a count reads the index alone. */
const DATE_INDEXES: [name: string, columns: string][] = [
  ['user_read_models_org_created', 'org_id, creation_date, id, state'],
  ['user_read_models_org_changed', 'org_id, change_date, id, state'],
];

/**
 * The user read model's creation and change dates indexed with the organization, for ListUsers'
 * creationDateQuery and changeDateQuery (SCIM's `meta.created` and `meta.lastModified` gt, ge,
 * lt, le): a range of dates reads its users, not the organization's. The same statements on
 * MariaDB and SQLite, but for how an index is dropped.
 */
export class UserDateIndexes1764510000000 implements MigrationInterface {
  name = 'UserDateIndexes1764510000000';

  async up(db: QueryRunner): Promise<void> {
    for (const [name, columns] of DATE_INDEXES)
      await db.query(`CREATE INDEX ${name} ON user_read_models (${columns})`);
  }

  async down(db: QueryRunner): Promise<void> {
    const on = db.connection.options.type === 'mysql' ? ' ON user_read_models' : '';
    for (const [name] of DATE_INDEXES) await db.query(`DROP INDEX ${name}${on}`);
  }
}
