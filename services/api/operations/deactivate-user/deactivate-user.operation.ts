import schema from '../../../../schemas/requests/deactivate-user.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { userIsCaller, userNotActive, userNotFound, userStateChange } from '../user-lifecycle.js';

/** Deactivates a user, a person or a machine user: sign-in is refused, their sessions end, refresh tokens and access tokens are refused (the API within AUTH_CACHE_MS). */
export const deactivateUserOperation = operation(
  'identity.management.v1.ManagementService/DeactivateUser',
  'POST /management/v1/users/:id/_deactivate',
  { permission: 'user.write', schema, handle: userStateChange('deactivate') },
  [userNotFound(), userNotActive(), userIsCaller()],
);
