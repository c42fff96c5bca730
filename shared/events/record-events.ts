import { v7 as uuidv7 } from 'uuid';
import type { EntityManager } from 'typeorm';
import type { BatchedTransaction, Insertion } from '../db/batched-transaction.js';
import { EventRecord } from '../db/entities/event-record.entity.js';
import { aggregateTypeOf, type DomainEvent } from './event-types.js';

export interface Aggregate {
  id: string;
  orgId: string;
  /** Number of events the aggregate had before these. */
  version: number;
}

export interface Recorded {
  /** Position of the last event written: what `details.sequence` reports. */
  sequence: string;
  /** The aggregate's version after these events. */
  version: number;
}

/**
 * Appends events to the outbox inside the caller's transaction, all with the time `at`, in one
 * multi-row INSERT. InnoDB gives a single simple INSERT consecutive auto-increment values, so the
 * last position is the first (mysql2's `insertId`) plus the count; SQLite reports the last
 * (`last_insert_rowid()`, which TypeORM gives as every row's position).
 */
export async function recordEvents(
  manager: EntityManager,
  aggregate: Aggregate,
  events: DomainEvent[],
  at: Date,
): Promise<Recorded> {
  const rows = eventRows(aggregate, events, at);
  // TypeORM's deep-partial type cannot follow a JSON column's payload union.
  const result = await manager.insert(EventRecord, rows as never);
  const insertId = (result.raw as { insertId?: number | string }).insertId;
  const last =
    insertId === undefined
      ? BigInt(String(result.identifiers.at(-1)?.position))
      : BigInt(insertId) + BigInt(rows.length - 1);
  return {
    sequence: last.toString(),
    version: aggregate.version + rows.length,
  };
}

/**
 * recordEvents in a BatchedTransaction: the INSERT is queued. `positions.lastId` is the last
 * position once committed; LAST_INSERT_ID stands for it in the writes queued right after.
 */
export function queueEvents(
  transaction: BatchedTransaction,
  aggregate: Aggregate,
  events: DomainEvent[],
  at: Date,
): { positions: Insertion; version: number } {
  const positions = transaction.insert(EventRecord, eventRows(aggregate, events, at) as never);
  return { positions, version: aggregate.version + events.length };
}

function eventRows(aggregate: Aggregate, events: DomainEvent[], at: Date) {
  return events.map((event, index) => ({
    id: uuidv7(),
    type: event.type,
    aggregateType: aggregateTypeOf(event.type),
    aggregateId: aggregate.id,
    aggregateVersion: aggregate.version + index + 1,
    orgId: aggregate.orgId,
    payload: event.payload,
    createdAt: at,
    publishedAt: null,
  }));
}
