import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import type { DomainEvent } from './event-types.js';
import { recordEvents, type Aggregate } from './record-events.js';

export interface Changed {
  /** Position of the event: the aggregate's new sequence. */
  sequence: string;
  version: number;
  changeDate: Date;
}

/**
 * The write of a change to an existing aggregate: its event, the new columns, and the aggregate's
 * new version, sequence and change date, all in the caller's transaction. The caller holds the
 * aggregate's row lock, which keeps one aggregate's events in version order.
 */
export async function recordChange<Entity extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<Entity>,
  aggregate: Aggregate,
  event: DomainEvent,
  columns: QueryDeepPartialEntity<Entity>,
): Promise<Changed> {
  const changeDate = new Date();
  const recorded = await recordEvents(manager, aggregate, [event], changeDate);
  await manager.update(entity, { id: aggregate.id }, {
    ...columns,
    ...recorded,
    changeDate,
  } as QueryDeepPartialEntity<Entity>);
  return { ...recorded, changeDate };
}
