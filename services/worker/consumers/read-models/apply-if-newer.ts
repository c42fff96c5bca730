import type { DataSource } from 'typeorm';
import { inBatchedTransaction } from '../../../../shared/db/batched-transaction.js';
import { isEmbedded } from '../../../../shared/db/embedded-database.js';
import type { CloudEvent } from '../../../../shared/events/cloud-event.js';
import type { EventType } from '../../../../shared/events/event-types.js';
import type { EventConsumer } from '../event-consumer.js';

/** A column and the value an event sets it to; raw SQL expressions carry their own parameters. */
export type ColumnChanges = Record<string, unknown>;

interface RawExpression {
  sql: string;
  params: unknown[];
}

/** One write of a read model, to run alone or with the writes of a whole batch of events. */
export interface ReadModelWrite {
  sql: string;
  params: unknown[];
}

/**
 * Applies an event to one read model row only when it is newer than what the row reflects: the
 * row's `sequence` is the last event reduced, so applying an event twice, or an older one after a
 * newer one, matches no row and changes nothing. The guard and the write are one statement.
 */
export function applyIfNewer(
  table: 'user_read_models' | 'project_read_models',
  event: CloudEvent,
  columns: ColumnChanges,
  expressions: Record<string, RawExpression> = {},
): ReadModelWrite {
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
  return {
    sql: `UPDATE ${table} SET ${assignments.join(', ')} WHERE id = ? AND sequence < ?`,
    params,
  };
}

/** Inserts the row an aggregate's first event creates; a replay of that event finds it there. */
export function insertOnce(
  dataSource: DataSource,
  table: 'user_read_models' | 'project_read_models',
  event: CloudEvent,
  columns: ColumnChanges,
): ReadModelWrite {
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
  return {
    sql: `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')}) ${keep}`,
    params: Object.values(row),
  };
}

/**
 * Runs the writes in their order. On MySQL they are one transaction, sent in one round trip with
 * its COMMIT: one commit for a chunk of events instead of one per event. Each write is
 * idempotent, so a chunk that fails is simply run again. On the embedded database they run one
 * by one, each saved soon, as the worker's other writes there.
 */
async function runWrites(dataSource: DataSource, writes: ReadModelWrite[]): Promise<void> {
  if (isEmbedded(dataSource)) {
    for (const write of writes) await dataSource.query(write.sql, write.params);
    return;
  }
  if (writes.length === 0) return;
  await inBatchedTransaction(dataSource, async (transaction) => {
    for (const write of writes) transaction.queue(write.sql, write.params);
  });
}

/** A read model's consumer: each event becomes writes, and a batch's writes run together. */
export abstract class ReadModelConsumer implements EventConsumer {
  abstract readonly name: string;
  abstract readonly handles: readonly EventType[];

  constructor(protected readonly dataSource: DataSource) {}

  perform(event: CloudEvent): Promise<void> {
    return this.performAll([event]);
  }

  performAll(events: CloudEvent[]): Promise<void> {
    return runWrites(
      this.dataSource,
      events.flatMap((event) => this.writesFor(event)),
    );
  }

  protected abstract writesFor(event: CloudEvent): ReadModelWrite[];
}
