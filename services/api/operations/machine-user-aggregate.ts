import type { BatchedTransaction } from '../../../shared/db/batched-transaction.js';
import { MachineUser } from '../../../shared/db/entities/machine-user.entity.js';
import type { DomainEvent, MachineUserPayload } from '../../../shared/events/event-types.js';
import { invalidArgument, ServiceError } from '../../../shared/errors/service-error.js';
import { queueMachineTokensRevoked } from '../oidc/machine-tokens.js';
import { rfc3339Time } from '../validation/formats.js';
import { aggregateChange } from './aggregate-change.js';
import type { DetailsResponse } from './details.js';
import type { Dependencies, OperationContext } from './operation.js';
import { firstOr } from './project-aggregate.js';

export const machineUserNotFound = (): ServiceError => new ServiceError('MACHINE-USER-NOT-FOUND');

/**
 * The machine user of the target organization, locked until the transaction ends (so that its
 * events stay in version order); one of another organization is not found.
 */
export const lockedMachineUser = (transaction: BatchedTransaction, id: string, orgId: string) =>
  firstOr(transaction.find(MachineUser, { id, orgId }, { lock: true }), machineUserNotFound);

/** A machine user's name and description as a request gives them: trimmed, none as empty. */
export function machineUserFields(request: {
  name: string;
  description?: string;
}): Pick<MachineUser, 'name' | 'description'> {
  return { name: request.name.trim(), description: (request.description ?? '').trim() };
}

/** A machine user as its events carry it: never a credential. */
export const machineUserPayload = (user: MachineUserPayload): MachineUserPayload => ({
  userName: user.userName,
  name: user.name,
  description: user.description,
});

/** What a change of a machine user works with: its transaction, the user locked, the request. */
export interface MachineUserWork<Request> {
  transaction: BatchedTransaction;
  machineUser: MachineUser;
  request: Request;
  deps: Dependencies;
}

/** What a change of a machine user answers: its event and new columns, and more of the response. */
export interface MachineUserChange<Answer> {
  /** None when nothing changed: the user's details are answered as they are. */
  event?: DomainEvent;
  columns?: Partial<MachineUser>;
  /**
   * The change takes a credential (or the user's right to use one) away: every access token the
   * OpenID provider issued the user is revoked in the same transaction.
   */
  revokesTokens?: boolean;
  answer?: Answer;
}

/**
 * A handler that changes a machine user of the target organization in one transaction
 * (aggregateChange): the user locked (the request's `userId`), then `change` queues its writes
 * and answers the user's event (none when nothing changed), its new columns and what else the
 * response holds; `revokesTokens` revokes its access tokens with them. A machine user of another
 * organization is not found.
 */
export function machineUserChange<
  Request extends { userId: string },
  Answer extends object = object,
>(
  change: (
    work: MachineUserWork<Request>,
  ) => MachineUserChange<Answer> | Promise<MachineUserChange<Answer>>,
): (context: OperationContext, request: Request) => Promise<Answer & DetailsResponse> {
  return aggregateChange(
    MachineUser,
    lockedMachineUser,
    (request: Request) => request.userId,
    async ({ row, ...work }) => {
      const { revokesTokens, ...changed } = await change({ ...work, machineUser: row });
      if (revokesTokens) queueMachineTokensRevoked(work.transaction, row.id);
      return changed;
    },
  );
}

/** What is the machine user's, by its `user_id`: taken with it. */
const OWNED = ['machine_keys', 'personal_access_tokens', 'role_grants', 'user_metadata'];

/**
 * Queues the removal of a machine user with its keys, personal access tokens and roles in every
 * organization, and the revocation of its access tokens; answers its last event.
 */
export function removedMachineUser(
  transaction: BatchedTransaction,
  machineUser: MachineUser,
): { event: DomainEvent } {
  for (const table of OWNED)
    transaction.queue(`DELETE FROM ${table} WHERE user_id = ?`, [machineUser.id]);
  transaction.queue('DELETE FROM machine_users WHERE id = ?', [machineUser.id]);
  queueMachineTokensRevoked(transaction, machineUser.id);
  return { event: { type: 'user.machine.removed', payload: { userName: machineUser.userName } } };
}

export const machineUserNotActive = (): ServiceError => new ServiceError('MACHINE-USER-NOT-ACTIVE');
export const machineUserNotInactive = (): ServiceError =>
  new ServiceError('MACHINE-USER-NOT-INACTIVE');

/** What a change to a state answers for a user in that state already. */
const ALREADY_IN = { inactive: machineUserNotActive, active: machineUserNotInactive } as const;

/**
 * A handler that puts a machine user in `state`: deactivated, its tokens revoked
 * (`user.machine.deactivated`), or reactivated (`user.machine.reactivated`). A user in that state
 * already is a failed precondition; a locked one (LockUser) is deactivated, but not reactivated
 * (UnlockUser is its way back).
 */
export function machineUserStateChange(state: 'active' | 'inactive') {
  return machineUserChange<{ userId: string }>(({ machineUser }) => {
    if (machineUser.state === state || (state === 'active' && machineUser.state === 'locked'))
      throw ALREADY_IN[state]();
    const deactivated = state === 'inactive';
    const type = deactivated ? 'user.machine.deactivated' : 'user.machine.reactivated';
    return { event: { type, payload: {} }, columns: { state }, revokesTokens: deactivated };
  });
}

/** What a credential that names no expiry gets: the last second of the year 9999. */
export const NO_EXPIRY = new Date('9999-12-31T23:59:59Z');

/**
 * When a new credential expires: `expirationDate` (an RFC 3339 time, checked by the request's
 * schema), which must be in the future, or NO_EXPIRY without one.
 */
export function expirationOf(expirationDate: string | undefined, now = new Date()): Date {
  if (expirationDate === undefined) return NO_EXPIRY;
  const expiration = rfc3339Time(expirationDate);
  if (!expiration || expiration <= now)
    throw invalidArgument([{ field: 'expirationDate', description: 'must be in the future' }]);
  return expiration;
}
