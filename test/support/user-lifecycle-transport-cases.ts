import type { Case } from './transport-cases.js';

/** The cases of a user's life that test/integration/transports.test.ts sends. */

export type UserLifecycleOperation =
  'DeactivateUser' | 'ReactivateUser' | 'LockUser' | 'UnlockUser' | 'RemoveUser';

const DETAILS = ['details', 'details.changeDate', 'details.resourceOwner', 'details.sequence'];
const changed = { code: 0, shape: DETAILS };

/** One change on the user `of` names, and what it answers. */
const on = (
  of: 'humanUserId' | 'machineUserId',
  operation: UserLifecycleOperation,
  name: string,
  expected: Case['expected'],
): Case => ({ name, operation, request: (f) => ({ id: f[of] }), expected });

/**
 * In this order on each transport's person (and its machine user, before the machine user's own
 * cases): each change, then the same change refused by the state it left; the removal last.
 */
export const USER_LIFECYCLE_CASES: Case[] = [
  on('humanUserId', 'LockUser', 'a person’s lock', changed),
  on('humanUserId', 'LockUser', 'a lock of a locked person', {
    code: 9,
    errorId: 'USER-NOT-ACTIVE',
  }),
  on('humanUserId', 'ReactivateUser', 'a reactivation of a locked person', {
    code: 9,
    errorId: 'USER-NOT-INACTIVE',
  }),
  on('humanUserId', 'UnlockUser', 'a person’s unlock', changed),
  on('humanUserId', 'UnlockUser', 'an unlock of an unlocked person', {
    code: 9,
    errorId: 'USER-NOT-LOCKED',
  }),
  on('humanUserId', 'DeactivateUser', 'a person’s deactivation', changed),
  on('humanUserId', 'DeactivateUser', 'a deactivation of a deactivated person', {
    code: 9,
    errorId: 'USER-NOT-ACTIVE',
  }),
  on('humanUserId', 'ReactivateUser', 'a person’s reactivation', changed),
  on('machineUserId', 'LockUser', 'a machine user’s lock', changed),
  on('machineUserId', 'UnlockUser', 'a machine user’s unlock', changed),
  on('humanUserId', 'RemoveUser', 'a person’s removal', changed),
  on('humanUserId', 'RemoveUser', 'a removal of a removed person', {
    code: 5,
    errorId: 'USER-NOT-FOUND',
  }),
  {
    name: 'a deactivation of a user of another organization',
    operation: 'DeactivateUser',
    request: (f) => ({ id: f.other.userId }),
    expected: { code: 5, errorId: 'USER-NOT-FOUND' },
  },
  {
    name: 'a lock of an id longer than any',
    operation: 'LockUser',
    request: () => ({ id: 'x'.repeat(201) }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['id'] },
  },
];
