import type { EntityManager } from 'typeorm';
import { EventRecord } from '../../shared/db/entities/index.js';
import type { DomainEvent } from '../../shared/events/event-types.js';
import { eventRows, type Aggregate } from '../../shared/events/record-events.js';

/**
 * Inserts one event's outbox row in the open transaction of `manager`, so its position is taken
 * now and becomes visible only when that transaction commits: a slow writer, as the relay and
 * the outbox subscription see it. Returns the position and the aggregate's version after it.
 */
export async function insertEventRow(
  manager: EntityManager,
  aggregate: Aggregate,
  event: DomainEvent,
  at = new Date(),
): Promise<{ sequence: string; version: number }> {
  // TypeORM's deep-partial type cannot follow a JSON column's payload union.
  const inserted = await manager.insert(EventRecord, eventRows(aggregate, [event], at) as never);
  return {
    sequence: String(inserted.identifiers[0]!.position),
    version: aggregate.version + 1,
  };
}
