import schema from '../../../../schemas/requests/remove-user.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { removeUser, userIsCaller, userNotFound } from '../user-lifecycle.js';

/** Removes a user, a person or a machine user, with their grants, memberships, links, passkeys, keys and tokens; their user name is free again. */
export const removeUserOperation = operation(
  'identity.management.v1.ManagementService/RemoveUser',
  'DELETE /management/v1/users/:id',
  { permission: 'user.write', schema, handle: removeUser },
  [userNotFound(), userIsCaller()],
);
