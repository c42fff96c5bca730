import { newId } from '../ids.js';
import type { BatchedTransaction, Insertion } from '../db/batched-transaction.js';
import { EventRecord } from '../db/entities/event-record.entity.js';
import { currentEditor } from './editor-context.js';
import { aggregateTypeOf, type DomainEvent } from './event-types.js';

export interface Aggregate {
  id: string;
  orgId: string;
  /** Number of events the aggregate had before these. */
  version: number;
}

/**
 * Appends events to the outbox in the caller's BatchedTransaction, all with the time `at`, in one
 * queued multi-row INSERT. `positions.lastId` is the last position once committed (what
 * `details.sequence` reports); LAST_INSERT_ID stands for it in the writes queued right after.
 */
export function queueEvents(
  transaction: BatchedTransaction,
  aggregate: Aggregate,
  events: DomainEvent[],
  at: Date,
): { positions: Insertion; version: number } {
  // TypeORM's deep-partial type cannot follow a JSON column's payload union.
  const positions = transaction.insert(EventRecord, eventRows(aggregate, events, at) as never);
  return { positions, version: aggregate.version + events.length };
}

/**
 * The outbox rows of `events`, numbered on from the aggregate's version, not yet published, with
 * the caller of the operation being served as their editor (none outside a call).
 */
export function eventRows(aggregate: Aggregate, events: DomainEvent[], at: Date) {
  const editorUserId = currentEditor();
  return events.map((event, index) => ({
    id: newId(),
    type: event.type,
    aggregateType: aggregateTypeOf(event.type),
    aggregateId: aggregate.id,
    aggregateVersion: aggregate.version + index + 1,
    orgId: aggregate.orgId,
    payload: event.payload,
    createdAt: at,
    publishedAt: null,
    editorUserId,
  }));
}
