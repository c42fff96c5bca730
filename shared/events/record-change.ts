import type { EntityTarget } from 'typeorm';
import {
  LAST_INSERT_ID,
  type BatchedTransaction,
  type Insertion,
  type Values,
} from '../db/batched-transaction.js';
import type { DomainEvent } from './event-types.js';
import { queueEvents, type Aggregate } from './record-events.js';

interface Versioned {
  id: string;
  version: number;
  sequence: string;
  changeDate: Date;
}

interface Changed {
  /** Position of the event: the aggregate's new sequence. */
  sequence: string;
  version: number;
  changeDate: Date;
}

/**
 * The write of a change to an existing aggregate, committing the caller's BatchedTransaction: its
 * event (or events, in their order), the new columns, and the aggregate's new version, sequence
 * and change date go out together with the COMMIT. The caller holds the aggregate's row lock (a
 * locking `find`), which keeps one aggregate's events in version order.
 */
export async function commitChange<Entity extends Versioned>(
  transaction: BatchedTransaction,
  entity: EntityTarget<Entity>,
  aggregate: Aggregate,
  event: DomainEvent | DomainEvent[],
  columns: Partial<Entity>,
): Promise<Changed> {
  const queued = queueChange(transaction, entity, aggregate, event, columns, new Date());
  await transaction.commit();
  return { ...queued, sequence: queued.positions.lastId };
}

/**
 * The write of a new aggregate, committing the caller's BatchedTransaction: its first event (or
 * events), and its row (`columns`) with the version they give it and their last position as its
 * sequence. Answers that sequence.
 */
export async function commitCreation<Entity extends Pick<Versioned, 'id' | 'version' | 'sequence'>>(
  transaction: BatchedTransaction,
  entity: EntityTarget<Entity>,
  aggregate: Omit<Aggregate, 'version'>,
  event: DomainEvent | DomainEvent[],
  columns: Omit<Values<Entity>, 'version' | 'sequence'>,
  at: Date,
): Promise<string> {
  const events = Array.isArray(event) ? event : [event];
  const { positions, version } = queueEvents(transaction, { ...aggregate, version: 0 }, events, at);
  transaction.insert(entity, [{ ...columns, version, sequence: LAST_INSERT_ID } as Values<Entity>]);
  await transaction.commit();
  return positions.lastId;
}

/**
 * commitChange without the COMMIT, for a transaction that changes several aggregates (each one
 * locked by the caller): `positions.lastId` is the aggregate's new sequence once committed.
 */
export function queueChange<Entity extends Versioned>(
  transaction: BatchedTransaction,
  entity: EntityTarget<Entity>,
  aggregate: Aggregate,
  event: DomainEvent | DomainEvent[],
  columns: Partial<Entity>,
  changeDate: Date,
): { positions: Insertion; version: number; changeDate: Date } {
  const events = Array.isArray(event) ? event : [event];
  const { positions, version } = queueEvents(transaction, aggregate, events, changeDate);
  const versioned: Values<Versioned> = { version, sequence: LAST_INSERT_ID, changeDate };
  transaction.update<Versioned>(
    entity as EntityTarget<Versioned>,
    { id: aggregate.id },
    { ...columns, ...versioned },
  );
  return { positions, version, changeDate };
}
