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
  /** Columns its statements add to older tables (`table.column`), dropped first going down. */
  addedColumns: readonly string[] = [];
  /** Indexes its statements add to older tables (`table.index`), dropped before the columns. */
  addedIndexes: readonly string[] = [];

  async up(db: QueryRunner): Promise<void> {
    for (const statement of this.statements()) await db.query(statement);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const added of this.addedIndexes) {
      const [table, index] = added.split('.');
      await db.query(
        `DROP INDEX ${index}${db.connection.options.type === 'mysql' ? ` ON ${table}` : ''}`,
      );
    }
    for (const added of this.addedColumns) {
      const [table, column] = added.split('.');
      await db.query(`ALTER TABLE ${table} DROP COLUMN ${column}`);
    }
    for (const table of this.tables.toReversed()) await db.query(`DROP TABLE ${table}`);
  }
}
