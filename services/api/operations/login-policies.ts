import {
  inBatchedTransaction,
  LAST_INSERT_ID,
  type BatchedTransaction,
  type Insertion,
  type Values,
} from '../../../shared/db/batched-transaction.js';
import { LoginPolicy, LoginPolicyIdp } from '../../../shared/db/entities/entity-classes.js';
import { INSTANCE_WIDE } from '../../../shared/db/entities/role-grant.entity.js';
import type {
  DomainEvent,
  LoginPolicyFlagsPayload,
  LoginPolicyIdpPayload,
} from '../../../shared/events/event-types.js';
import { BUILT_IN_LOGIN_POLICY } from '../queries/login-policy-queries.js';
import type { Details, DetailsResponse } from './details.js';
import { expectUnchanged, honoringIfMatch } from './if-match.js';
import { INSTANCE_AGGREGATE, lockedInstance, queueInstanceEvents } from './instance-aggregate.js';
import type { OperationContext } from './operation.js';
import { orgDetails, queueOrgEvents, unchangedOrganization } from './org-lifecycle.js';

/** Whose login policy an operation changes: the target organization's, or the instance default. */
export type LoginPolicyScope = 'organization' | 'instance';

/** The login policy a change starts from, read under its owner's lock. */
export interface PolicyInForce {
  /** The owner's own row; none while an organization follows the default (or the default is built in). */
  own?: LoginPolicy;
  flags: LoginPolicyFlagsPayload;
  /** The providers offered, by id (the default's, for an organization without its own). */
  idpIds: string[];
}

/** What a change does to the policy in force; none when it changes nothing. */
export interface PolicyWrite {
  flags?: LoginPolicyFlagsPayload;
  addIdp?: LoginPolicyIdpPayload;
  removeIdp?: string;
  /** The organization's own policy goes: it follows the instance default again. */
  reset?: true;
}

/** What a change is handed: its transaction, where it acts and the policy in force. */
export interface PolicyWork<Request> {
  transaction: BatchedTransaction;
  scope: LoginPolicyScope;
  orgId: string;
  policy: PolicyInForce;
  request: Request;
}

const EVENTS = {
  organization: {
    changed: 'org.login.policy.changed',
    idpAdded: 'org.login.policy.idp.added',
    idpRemoved: 'org.login.policy.idp.removed',
  },
  instance: {
    changed: 'instance.login.policy.changed',
    idpAdded: 'instance.login.policy.idp.added',
    idpRemoved: 'instance.login.policy.idp.removed',
  },
} as const;

/** The owner of a policy, locked: where its events go and what a change that changes nothing answers. */
interface LockedOwner {
  ownerId: string;
  record(events: DomainEvent[], at: Date): Insertion;
  unchanged(own: LoginPolicy | undefined): Details;
}

/**
 * The owner of the policy of `scope`, locked until the transaction ends: the target
 * organization, checked against If-Match (its ETag, GetMyOrg's, whose part its policy is); or the
 * instance (whose If-Match is its default policy's, checked once that is read).
 */
async function lockedOwner(
  transaction: BatchedTransaction,
  scope: LoginPolicyScope,
  context: OperationContext,
): Promise<LockedOwner> {
  if (scope === 'organization') {
    const organization = await unchangedOrganization(transaction, context);
    return {
      ownerId: organization.id,
      record: (events, at) => queueOrgEvents(transaction, organization, events, {}, at),
      unchanged: () => orgDetails(organization),
    };
  }
  const instance = await lockedInstance(transaction);
  return {
    ownerId: INSTANCE_WIDE,
    record: (events, at) => queueInstanceEvents(transaction, instance, events, at),
    unchanged: (own) => ({
      sequence: own?.sequence ?? '0',
      changeDate: own?.changeDate ?? new Date(0),
      resourceOwner: INSTANCE_AGGREGATE,
    }),
  };
}

/** The policy `ownerId` has in force: its own, else (an organization's) the default's, else built in. */
async function policyInForce(
  transaction: BatchedTransaction,
  ownerId: string,
): Promise<PolicyInForce> {
  const [own] = await transaction.find(LoginPolicy, { ownerId });
  const [followed] =
    own || ownerId === INSTANCE_WIDE
      ? [own]
      : await transaction.find(LoginPolicy, { ownerId: INSTANCE_WIDE });
  const offered = await transaction.find(
    LoginPolicyIdp,
    { ownerId: own ? ownerId : INSTANCE_WIDE },
    { select: ['idpId'] },
  );
  const { allowUsernamePassword, allowExternalIdp } = followed ?? BUILT_IN_LOGIN_POLICY;
  return {
    ...(own && { own }),
    flags: { allowUsernamePassword, allowExternalIdp },
    idpIds: offered.map((row) => row.idpId).sort(),
  };
}

/**
 * A handler that changes the login policy of `scope` as `change` says (or not at all, when it
 * says nothing), in one transaction under the owner's lock (lockedOwner). An organization that
 * follows the default gets its own policy first (`org.login.policy.added`, the default's flags
 * and providers copied), then the change: its flags (`*.login.policy.changed`), a provider
 * offered (`*.login.policy.idp.added`) or no longer (`*.idp.removed`), or the organization's own
 * policy reset (`org.login.policy.removed`). Answered with the details of the last event, or
 * those of the policy's owner as they are when nothing changed.
 */
export function loginPolicyChange<Request>(
  scope: LoginPolicyScope,
  change: (work: PolicyWork<Request>) => PolicyWrite | undefined | Promise<PolicyWrite | undefined>,
): (context: OperationContext, request: Request) => Promise<DetailsResponse> {
  return honoringIfMatch((context: OperationContext, request: Request) =>
    inBatchedTransaction(context.deps.dataSource, async (transaction) => {
      const owner = await lockedOwner(transaction, scope, context);
      const policy = await policyInForce(transaction, owner.ownerId);
      // The instance default's ETag is its sequence (0 while never changed), GetDefaultLoginPolicy's.
      if (scope === 'instance') expectUnchanged(context.ifMatch, policy.own?.sequence ?? '0');
      const write = await change({ transaction, scope, orgId: context.orgId, policy, request });
      if (!write) return { details: owner.unchanged(policy.own) };
      const at = new Date();
      const creating = !policy.own && !write.reset;
      const events = eventsOf(scope, policy, write, creating);
      const positions = owner.record(events, at);
      queuePolicy(transaction, owner.ownerId, policy, write, creating, at);
      await transaction.commit();
      const resourceOwner = scope === 'instance' ? INSTANCE_AGGREGATE : owner.ownerId;
      return {
        details: {
          sequence: positions.lastId,
          // An organization's own policy begins here; the default was there, built in, before.
          ...(creating && scope === 'organization' && { creationDate: at }),
          changeDate: at,
          resourceOwner,
        },
      };
    }),
  );
}

/** The events of `write` on the policy in force (an organization's own made first, when it has none). */
function eventsOf(
  scope: LoginPolicyScope,
  policy: PolicyInForce,
  write: PolicyWrite,
  creating: boolean,
): DomainEvent[] {
  const names = EVENTS[scope];
  const events: DomainEvent[] = [];
  if (scope === 'organization' && creating) {
    const flags = write.flags ?? policy.flags;
    events.push({ type: 'org.login.policy.added', payload: { ...flags, idpIds: policy.idpIds } });
  } else if (write.flags) events.push({ type: names.changed, payload: write.flags });
  if (write.addIdp) events.push({ type: names.idpAdded, payload: write.addIdp });
  if (write.removeIdp) events.push({ type: names.idpRemoved, payload: { idpId: write.removeIdp } });
  if (write.reset) events.push({ type: 'org.login.policy.removed', payload: {} });
  return events;
}

/** Queues the policy's rows as `write` leaves them, after its events (their last position its sequence). */
function queuePolicy(
  transaction: BatchedTransaction,
  ownerId: string,
  policy: PolicyInForce,
  write: PolicyWrite,
  creating: boolean,
  at: Date,
): void {
  if (write.reset) {
    transaction.queue('DELETE FROM login_policy_idps WHERE owner_id = ?', [ownerId]);
    transaction.queue('DELETE FROM login_policies WHERE owner_id = ?', [ownerId]);
    return;
  }
  const flags = write.flags ?? policy.flags;
  const changed: Values<LoginPolicy> = { ...flags, sequence: LAST_INSERT_ID, changeDate: at };
  if (policy.own) transaction.update(LoginPolicy, { ownerId }, changed);
  else transaction.insert(LoginPolicy, [{ ownerId, ...changed, creationDate: at }]);
  // A policy made here offers what the one it followed did (the instance default's: its own).
  const copied = creating && ownerId !== INSTANCE_WIDE ? policy.idpIds : [];
  const added = [...copied, ...(write.addIdp ? [write.addIdp.idpId] : [])].filter(
    (idpId) => idpId !== write.removeIdp,
  );
  if (added.length > 0)
    transaction.insert(
      LoginPolicyIdp,
      added.map((idpId) => ({ ownerId, idpId, createdAt: at })),
    );
  if (write.removeIdp && !creating)
    transaction.queue('DELETE FROM login_policy_idps WHERE owner_id = ? AND idp_id = ?', [
      ownerId,
      write.removeIdp,
    ]);
}
