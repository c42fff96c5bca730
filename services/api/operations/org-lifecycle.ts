import {
  inBatchedTransaction,
  LAST_INSERT_ID,
  type BatchedTransaction,
  type Insertion,
} from '../../../shared/db/batched-transaction.js';
import { isDuplicateKey, uniqueKeys } from '../../../shared/db/db-errors.js';
import {
  MachineUser,
  Organization,
  RoleGrant,
  User,
} from '../../../shared/db/entities/entity-classes.js';
import { INSTANCE_WIDE } from '../../../shared/db/entities/role-grant.entity.js';
import type { DomainEvent } from '../../../shared/events/event-types.js';
import { queueEvents } from '../../../shared/events/record-events.js';
import { ServiceError } from '../../../shared/errors/service-error.js';
import { uniqueNameKey } from '../../../shared/unique-name-key.js';
import type { DetailsResponse } from './details.js';
import { expectUnchanged, honoringIfMatch } from './if-match.js';
import type { OperationContext } from './operation.js';
import type { UpdateOrgRequest } from './update-org/update-org.request.generated.js';
import { firstOr } from './project-aggregate.js';
import { orgNotFound } from './project-grants.js';

export const orgNameTaken = (): ServiceError => new ServiceError('ORG-NAME-ALREADY-EXISTS');
export const orgNotActive = (): ServiceError => new ServiceError('ORG-NOT-ACTIVE');
export const orgNotInactive = (): ServiceError => new ServiceError('ORG-NOT-INACTIVE');
export const orgHoldsLastInstanceOwner = (): ServiceError =>
  new ServiceError('ORG-HOLDS-LAST-INSTANCE-OWNER');

/** The target organization, locked until the transaction ends: its events stay in version order. */
export const lockedOrganization = (transaction: BatchedTransaction, orgId: string) =>
  firstOr(transaction.find(Organization, { id: orgId }, { lock: true }), orgNotFound);

/**
 * The target organization locked (lockedOrganization), checked against If-Match: its ETag is
 * its sequence, as GetMyOrg answers it, which every change of it, its members or its label
 * policy moves.
 */
export async function unchangedOrganization(
  transaction: BatchedTransaction,
  { orgId, ifMatch }: Pick<OperationContext, 'orgId' | 'ifMatch'>,
): Promise<Organization> {
  const organization = await lockedOrganization(transaction, orgId);
  expectUnchanged(ifMatch, organization.sequence);
  return organization;
}

/**
 * Queues `events` on the organization locked in `transaction` (its version counts them) with the
 * organization's new `columns`: its sequence becomes the last event's position. Writes queued
 * after it may take that position as LAST_INSERT_ID.
 */
export function queueOrgEvents(
  transaction: BatchedTransaction,
  organization: Organization,
  events: DomainEvent | DomainEvent[],
  columns: Partial<Organization> = {},
  changeDate = new Date(),
): Insertion {
  const { id, version: before } = organization;
  const { positions, version } = queueEvents(
    transaction,
    { id, orgId: id, version: before },
    Array.isArray(events) ? events : [events],
    changeDate,
  );
  transaction.update(
    Organization,
    { id },
    { ...columns, version, sequence: LAST_INSERT_ID, changeDate },
  );
  return positions;
}

/**
 * Records `event` on the organization locked in `transaction` (queueOrgEvents), and commits;
 * answered with the details of the event.
 */
export async function commitOrgEvent(
  transaction: BatchedTransaction,
  organization: Organization,
  event: DomainEvent,
  columns: Partial<Organization> = {},
): Promise<DetailsResponse> {
  const changeDate = new Date();
  const positions = queueOrgEvents(transaction, organization, event, columns, changeDate);
  await transaction.commit();
  const { id } = organization;
  return { details: { sequence: positions.lastId, changeDate, resourceOwner: id } };
}

/** A name another organization has already, in any case, is ORG-NAME-ALREADY-EXISTS. */
export function nameTakenIfDuplicate(error: unknown): never {
  throw isDuplicateKey(error, uniqueKeys.orgName) ? orgNameTaken() : error;
}

/**
 * Renames the target organization (`org.changed`); its name as it is changes nothing and records
 * nothing, and is answered with the organization's details as they are.
 */
export const updateOrg = honoringIfMatch(function updateOrg(
  context: OperationContext,
  request: UpdateOrgRequest,
): Promise<DetailsResponse> {
  const name = request.name.trim();
  return inBatchedTransaction(context.deps.dataSource, async (transaction) => {
    const organization = await unchangedOrganization(transaction, context);
    if (organization.name === name) return { details: orgDetails(organization) };
    const changed = { type: 'org.changed', payload: { name } } as const;
    return commitOrgEvent(transaction, organization, changed, {
      name,
      nameLower: uniqueNameKey(name),
    });
  }).catch(nameTakenIfDuplicate);
});

/** An organization's details as stored: those of its last event. */
export const orgDetails = (organization: Organization) => ({
  sequence: organization.sequence,
  changeDate: organization.changeDate ?? organization.createdAt,
  resourceOwner: organization.id,
});

/**
 * A handler that deactivates the target organization (`org.deactivated`: its users cannot sign
 * in, refresh tokens or call the API) or reactivates it (`org.reactivated`). An organization in
 * that state already is a failed precondition; so is deactivating the organization of the last
 * active instance owners (IAM_OWNER), which would lock everyone out of the instance.
 */
export function orgStateChange(state: 'active' | 'inactive') {
  return honoringIfMatch((context: OperationContext): Promise<DetailsResponse> =>
    inBatchedTransaction(context.deps.dataSource, async (transaction) => {
      const { orgId } = context;
      const organization = await unchangedOrganization(transaction, context);
      if (organization.state === state)
        throw state === 'inactive' ? orgNotActive() : orgNotInactive();
      if (state === 'inactive' && !(await instanceOwnedElsewhere(transaction, orgId)))
        throw orgHoldsLastInstanceOwner();
      const type = state === 'inactive' ? 'org.deactivated' : 'org.reactivated';
      return commitOrgEvent(transaction, organization, { type, payload: {} }, { state });
    }),
  );
}

/**
 * Whether an active user (person or machine) of an active organization other than `orgId` holds
 * IAM_OWNER. Those organizations are locked too: two deactivations that would each leave the other
 * organization's owners the last cannot both pass (on MariaDB one waits, or is a deadlock's victim
 * and retried; the embedded database runs one transaction at a time).
 */
async function instanceOwnedElsewhere(
  transaction: BatchedTransaction,
  orgId: string,
): Promise<boolean> {
  const owners = await transaction.find(
    RoleGrant,
    { orgId: INSTANCE_WIDE, role: 'IAM_OWNER' },
    { select: ['userId'] },
  );
  const userIds = owners.map((grant) => grant.userId);
  if (userIds.length === 0) return false;
  const where = { id: userIds, state: 'active' as const };
  const people = await transaction.find(User, where, { select: ['orgId'] });
  const machines = await transaction.find(MachineUser, where, { select: ['orgId'] });
  const orgIds = [...new Set([...people, ...machines].map((user) => user.orgId))].filter(
    (id) => id !== orgId,
  );
  if (orgIds.length === 0) return false;
  const active = await transaction.find(
    Organization,
    { id: orgIds, state: 'active' },
    { select: ['id'], lock: true },
  );
  return active.length > 0;
}
