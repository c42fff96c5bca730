import {
  inBatchedTransaction,
  type BatchedTransaction,
} from '../../../shared/db/batched-transaction.js';
import { MachineUser, User, UserGrant } from '../../../shared/db/entities/index.js';
import type { DomainEvent } from '../../../shared/events/event-types.js';
import { commitChange } from '../../../shared/events/record-change.js';
import { ServiceError } from '../../../shared/errors/service-error.js';
import { queueAccountArtifactsEnded } from '../oidc/account-artifacts.js';
import { queueMachineTokensRevoked } from '../oidc/machine-tokens.js';
import { updateDetails, type DetailsResponse } from './details.js';
import { expectUnchanged, honoringIfMatch } from './if-match.js';
import { NO_EXPIRY, removedMachineUser } from './machine-user-aggregate.js';
import type { Caller } from '../auth/caller.js';
import type { OperationContext } from './operation.js';
import { userNotFound } from './user-grants.js';

export { userNotFound };

export const userNotActive = (): ServiceError => new ServiceError('USER-NOT-ACTIVE');
export const userNotInactive = (): ServiceError => new ServiceError('USER-NOT-INACTIVE');
export const userNotLocked = (): ServiceError => new ServiceError('USER-NOT-LOCKED');
export const userIsCaller = (): ServiceError => new ServiceError('USER-IS-CALLER');

/** Nobody locks themselves out: the caller's own deactivation, lock or removal is refused. */
function notTheCaller(caller: Caller, userId: string): void {
  if (caller.userId === userId) throw userIsCaller();
}

type State = User['state'];

/** A change of a user's state an administrator makes, the same for people and machine users. */
export type Transition = 'deactivate' | 'reactivate' | 'lock' | 'unlock';

/**
 * Each change: the states it is made from (else its refusal), the state it leads to, its event's
 * last word, and whether it ends the user's sessions and tokens. A locked user may be
 * deactivated; reactivated, it is active (no longer locked).
 */
const TRANSITIONS: Record<
  Transition,
  { from: readonly State[]; to: State; refusal: () => ServiceError; endsAccess: boolean }
> = {
  deactivate: {
    from: ['active', 'locked'],
    to: 'inactive',
    refusal: userNotActive,
    endsAccess: true,
  },
  reactivate: { from: ['inactive'], to: 'active', refusal: userNotInactive, endsAccess: false },
  lock: { from: ['active'], to: 'locked', refusal: userNotActive, endsAccess: true },
  unlock: { from: ['locked'], to: 'active', refusal: userNotLocked, endsAccess: false },
};

const EVENT_OF = {
  deactivate: 'deactivated',
  reactivate: 'reactivated',
  lock: 'locked',
  unlock: 'unlocked',
} as const;

/** What an administrator's lock says of its end: none before UnlockUser. */
const ADMIN_LOCK = { until: NO_EXPIRY.toISOString(), by: 'admin' } as const;

/** What the changes read of a person's row. */
const HUMAN_READ: (keyof User & string)[] = [
  'id',
  'orgId',
  'userName',
  'state',
  'version',
  'sequence',
  'changeDate',
];

/** The user of the target organization, a person or a machine user, locked for the change. */
export type LockedAccount =
  { human: User; machine?: undefined } | { human?: undefined; machine: MachineUser };

export async function lockedAccount(
  transaction: BatchedTransaction,
  id: string,
  orgId: string,
): Promise<LockedAccount> {
  const [human] = await transaction.find(User, { id, orgId }, { lock: true, select: HUMAN_READ });
  if (human) return { human };
  const [machine] = await transaction.find(MachineUser, { id, orgId }, { lock: true });
  if (machine) return { machine };
  throw userNotFound();
}

/**
 * A handler that changes the state of a user of the target organization, a person or a machine
 * user (`user.human.<done>` or `user.machine.<done>`), checked against `If-Match` under the row's
 * lock. Deactivating and locking end what the user holds: a person's sessions, grants, codes and
 * tokens at the provider, a machine user's access tokens. Unlocking a person also lifts the lock
 * that failed sign-ins set, and is allowed for an active person who has one.
 */
export function userStateChange(transition: Transition) {
  const { from, to, refusal, endsAccess } = TRANSITIONS[transition];
  return honoringIfMatch(async (context: OperationContext, request: { id: string }) => {
    const { deps, orgId, ifMatch } = context;
    if (endsAccess) notTheCaller(context.caller, request.id);
    const signInLock = async (userName: string) =>
      transition === 'unlock' && (await deps.signInLocks?.lockedUntil(userName)) != null;
    const changed = await inBatchedTransaction(deps.dataSource, async (transaction) => {
      const { human, machine } = await lockedAccount(transaction, request.id, orgId);
      const user = human ?? machine;
      expectUnchanged(ifMatch, user.sequence);
      const liftsSignInLock = human !== undefined && (await signInLock(human.userName));
      if (!from.includes(user.state) && !(liftsSignInLock && user.state === 'active'))
        throw refusal();
      if (endsAccess && human) queueAccountArtifactsEnded(transaction, human.id);
      if (endsAccess && machine) queueMachineTokensRevoked(transaction, machine.id);
      const type = `user.${human ? 'human' : 'machine'}.${EVENT_OF[transition]}` as const;
      const event = {
        type,
        payload: transition === 'lock' ? ADMIN_LOCK : {},
      } as DomainEvent;
      const entity = human ? User : MachineUser;
      const done = await commitChange(transaction, entity, user, event, { state: to });
      return { user: { ...user, ...done }, liftsSignInLock };
    });
    // Failed sign-ins' lock is kept outside the database: lifted once the change is stored.
    if (changed.liftsSignInLock && 'userName' in changed.user)
      await deps.signInLocks?.lift(changed.user.userName);
    return { details: updateDetails(changed.user) };
  });
}

/** What is a person's, by its `user_id`: taken with them (grants get their own events). */
const OWNED_BY_PERSON = [
  'passkeys',
  'user_idp_links',
  'role_grants',
  'user_codes',
  'user_metadata',
];

/**
 * Removes a user of the target organization, a person or a machine user, in one transaction. A
 * person goes with their passkeys, identity provider links, codes and memberships, and each of
 * their user grants (`user.grant.removed` each, then `user.human.removed`); their sessions and
 * tokens end, and their user name and external id are free again. A machine user goes as
 * RemoveMachineUser removes it.
 */
export const removeUser = honoringIfMatch(
  ({ deps, orgId, ifMatch, caller }: OperationContext, request: { id: string }) => {
    notTheCaller(caller, request.id);
    return inBatchedTransaction(deps.dataSource, async (transaction): Promise<DetailsResponse> => {
      const { human, machine } = await lockedAccount(transaction, request.id, orgId);
      expectUnchanged(ifMatch, (human ?? machine).sequence);
      if (machine) {
        const { event } = removedMachineUser(transaction, machine);
        const done = await commitChange(transaction, MachineUser, machine, event, {});
        return { details: updateDetails({ ...machine, ...done }) };
      }
      const grants = await transaction.find(UserGrant, { userId: human.id });
      const events: DomainEvent[] = grants.map(({ id, projectId }) => ({
        type: 'user.grant.removed',
        payload: { grantId: id, projectId },
      }));
      events.push({ type: 'user.human.removed', payload: { userName: human.userName } });
      transaction.queue('DELETE FROM user_grants WHERE user_id = ?', [human.id]);
      for (const table of OWNED_BY_PERSON)
        transaction.queue(`DELETE FROM ${table} WHERE user_id = ?`, [human.id]);
      transaction.queue('DELETE FROM users WHERE id = ?', [human.id]);
      queueAccountArtifactsEnded(transaction, human.id);
      const done = await commitChange(transaction, User, human, events, {});
      return { details: updateDetails({ ...human, ...done }) };
    });
  },
);
