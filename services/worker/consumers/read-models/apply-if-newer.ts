import type { DataSource } from 'typeorm';
import { isEmbedded } from '../../../../shared/db/embedded-database.js';
import type { CloudEvent } from '../../../../shared/events/cloud-event.js';

/** A column and the value an event sets it to; raw SQL expressions carry their own parameters. */
export type ColumnChanges = Record<string, unknown>;

export interface RawExpression {
  sql: string;
  params: unknown[];
}

/**
 * Applies an event to one read model row only when it is newer than what the row reflects: the
 * row's `sequence` is the last event reduced, so applying an event twice, or an older one after a
 * newer one, matches no row and changes nothing. The guard and the write are one statement.
 */
export async function applyIfNewer(
  dataSource: DataSource,
  table: 'user_read_models' | 'project_read_models',
  event: CloudEvent,
  columns: ColumnChanges,
  expressions: Record<string, RawExpression> = {},
): Promise<void> {
  const assignments = [
    ...Object.keys(columns).map((column) => `${column} = ?`),
    ...Object.entries(expressions).map(([column, expression]) => `${column} = ${expression.sql}`),
    'sequence = ?',
    'change_date = ?',
  ];
  const params = [
    ...Object.values(columns),
    ...Object.values(expressions).flatMap((expression) => expression.params),
    event.sequence,
    new Date(event.time),
    event.subject,
    event.sequence,
  ];
  await dataSource.query(
    `UPDATE ${table} SET ${assignments.join(', ')} WHERE id = ? AND sequence < ?`,
    params,
  );
}

/** Inserts the row an aggregate's first event creates; a replay of that event finds it there. */
export async function insertOnce(
  dataSource: DataSource,
  table: 'user_read_models' | 'project_read_models',
  event: CloudEvent,
  columns: ColumnChanges,
): Promise<void> {
  const row: ColumnChanges = {
    id: event.subject,
    org_id: event.resourceowner,
    ...columns,
    sequence: event.sequence,
    creation_date: new Date(event.time),
    change_date: new Date(event.time),
  };
  const names = Object.keys(row);
  // Not INSERT IGNORE, which would also pass over a bad value: only the row being there is fine.
  const keep = isEmbedded(dataSource)
    ? 'ON CONFLICT (id) DO NOTHING'
    : 'ON DUPLICATE KEY UPDATE id = id';
  await dataSource.query(
    `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')}) ${keep}`,
    Object.values(row),
  );
}
