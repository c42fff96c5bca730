import type { TestService } from './test-service.js';

/** Every row of every table of the service's database, as one text to search for a secret. */
export async function everyRow(service: TestService): Promise<string> {
  const mysql = service.dataSource.options.type === 'mysql';
  const tables: { name: string }[] = await service.dataSource.query(
    mysql
      ? 'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()'
      : "SELECT name FROM sqlite_master WHERE type = 'table'",
  );
  const rows = await Promise.all(
    tables.map(({ name }) => service.dataSource.query(`SELECT * FROM ${name}`)),
  );
  // Bytes as text too, so that a secret stored as bytes in the clear would be found.
  return JSON.stringify(rows, (_key, value: unknown) =>
    value && typeof value === 'object' && 'type' in value && value.type === 'Buffer'
      ? Buffer.from((value as unknown as { data: number[] }).data).toString('latin1')
      : value,
  );
}
