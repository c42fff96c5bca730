import type { BatchedTransaction, Insertion } from '../../../shared/db/batched-transaction.js';
import { LabelPolicy } from '../../../shared/db/entities/entity-classes.js';
import { INSTANCE_WIDE } from '../../../shared/db/entities/role-grant.entity.js';
import type { DomainEvent } from '../../../shared/events/event-types.js';
import { queueEvents } from '../../../shared/events/record-events.js';

/**
 * The instance as the owner of its defaults' events (`instance.*`: their subject, Kafka key and
 * resource owner) and of the operations' details.
 */
export const INSTANCE_AGGREGATE = 'instance';

/**
 * The row that stands for the instance as an aggregate, locked until the transaction ends: the
 * instance default label policy's (migration LabelPolicies1763950000000 made it, always there),
 * whose `version` numbers the instance's events. Every writer of them (the default label policy,
 * the default login policy) locks it, so they commit in version order.
 */
export async function lockedInstance(transaction: BatchedTransaction): Promise<LabelPolicy> {
  const [row] = await transaction.find(LabelPolicy, { ownerId: INSTANCE_WIDE }, { lock: true });
  return row!;
}

/**
 * Queues `events` on the instance locked in `transaction` (lockedInstance's `row`), its version
 * counting them. Writes queued after it may take the last event's position as LAST_INSERT_ID.
 */
export function queueInstanceEvents(
  transaction: BatchedTransaction,
  row: Pick<LabelPolicy, 'version'>,
  events: DomainEvent[],
  at: Date,
): Insertion {
  const aggregate = { id: INSTANCE_AGGREGATE, orgId: INSTANCE_AGGREGATE, version: row.version };
  const { positions, version } = queueEvents(transaction, aggregate, events, at);
  transaction.update(LabelPolicy, { ownerId: INSTANCE_WIDE }, { version });
  return positions;
}
