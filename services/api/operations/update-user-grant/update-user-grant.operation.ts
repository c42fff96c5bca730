import schema from '../../../../schemas/requests/update-user-grant.schema.json' with { type: 'json' };
import { roleNotFound } from '../project-aggregate.js';
import { grantNotFound, userNotFound } from '../user-grants.js';
import { updateUserGrant } from './update-user-grant.handler.js';
import { operation } from '../operation.js';

export const updateUserGrantOperation = operation(
  'identity.management.v1.ManagementService/UpdateUserGrant',
  'PUT /management/v1/users/:userId/grants/:grantId',
  { permission: 'user.grant.write', schema, handle: updateUserGrant },
  [userNotFound(), grantNotFound(), roleNotFound()],
);
