import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A migration that makes tables: its statements run in order, and going down drops its tables in
 * the reverse order. Each database's migration names its statements (MariaDB's and SQLite's
 * differ in types and index syntax) and shares the list of tables.
 */
export abstract class TablesMigration implements MigrationInterface {
  abstract name: string;
  abstract tables: readonly string[];
  abstract statements: () => readonly string[];

  async up(db: QueryRunner): Promise<void> {
    for (const statement of this.statements()) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of this.tables.toReversed()) await db.query(`DROP TABLE ${table}`);
  }
}
