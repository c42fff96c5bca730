import schema from '../../../../schemas/requests/unlock-user.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { userNotFound, userNotLocked, userStateChange } from '../user-lifecycle.js';

/** Unlocks a user: the lock LockUser set, and the one failed sign-ins set on their name. */
export const unlockUserOperation = operation(
  'identity.management.v1.ManagementService/UnlockUser',
  'POST /management/v1/users/:id/_unlock',
  { permission: 'user.write', schema, handle: userStateChange('unlock') },
  [userNotFound(), userNotLocked()],
);
