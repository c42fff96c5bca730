import schema from '../../../../schemas/requests/remove-user-grant.schema.json' with { type: 'json' };
import { grantNotFound, userNotFound } from '../user-grants.js';
import { removeUserGrant } from './remove-user-grant.handler.js';
import { operation } from '../operation.js';

export const removeUserGrantOperation = operation(
  'identity.management.v1.ManagementService/RemoveUserGrant',
  'DELETE /management/v1/users/:userId/grants/:grantId',
  { permission: 'user.grant.write', schema, handle: removeUserGrant },
  [userNotFound(), grantNotFound()],
);
