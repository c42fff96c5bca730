import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import type { DomainEvent } from '../../../shared/events/event-types.js';
import { recordEvents } from '../../../shared/events/record-events.js';
import { updateDetails, type Details } from './details.js';

interface StoredAggregate {
  id: string;
  orgId: string;
  version: number;
  sequence: string;
  changeDate: Date;
}

/**
 * The write of an update that changed something: its event, the new columns, and the aggregate's
 * new version, sequence and change date, all in the caller's transaction.
 */
export async function recordChange<Entity extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<Entity>,
  aggregate: StoredAggregate,
  event: DomainEvent,
  columns: QueryDeepPartialEntity<Entity>,
): Promise<Details> {
  const at = new Date();
  const recorded = await recordEvents(manager, aggregate, [event], at);
  await manager.update(entity, { id: aggregate.id }, {
    ...columns,
    ...recorded,
    changeDate: at,
  } as QueryDeepPartialEntity<Entity>);
  return updateDetails({ ...aggregate, ...recorded, changeDate: at });
}
