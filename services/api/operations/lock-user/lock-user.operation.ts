import schema from '../../../../schemas/requests/lock-user.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { userIsCaller, userNotActive, userNotFound, userStateChange } from '../user-lifecycle.js';

/** Locks an active user until UnlockUser: as a deactivation, sign-in is refused and sessions and tokens end. */
export const lockUserOperation = operation(
  'identity.management.v1.ManagementService/LockUser',
  'POST /management/v1/users/:id/_lock',
  { permission: 'user.write', schema, handle: userStateChange('lock') },
  [userNotFound(), userNotActive(), userIsCaller()],
);
