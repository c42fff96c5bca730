import schema from '../../../../schemas/requests/reactivate-user.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { userNotFound, userNotInactive, userStateChange } from '../user-lifecycle.js';

/** Reactivates a deactivated user: they may sign in (or get tokens) again. */
export const reactivateUserOperation = operation(
  'identity.management.v1.ManagementService/ReactivateUser',
  'POST /management/v1/users/:id/_reactivate',
  { permission: 'user.write', schema, handle: userStateChange('reactivate') },
  [userNotFound(), userNotInactive()],
);
