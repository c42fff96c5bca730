import type { DataSource } from 'typeorm';

/**
 * Undoes the migrations run last, down to and with the one whose name ends with `name` (the
 * embedded database's are named `Embedded…`): the schema as it was before it, for a test of it
 * over rows stored then.
 */
export async function undoMigrationsThrough(dataSource: DataSource, name: string): Promise<void> {
  for (;;) {
    const [last] = (await dataSource.query(
      'SELECT name FROM schema_migrations ORDER BY id DESC LIMIT 1',
    )) as { name: string }[];
    await dataSource.undoLastMigration({ transaction: 'each' });
    if (!last || last.name.endsWith(name)) return;
  }
}
