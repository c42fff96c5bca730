import schema from '../../../../schemas/requests/add-user-grant.schema.json' with { type: 'json' };
import { roleNotFound } from '../project-aggregate.js';
import { projectNotFound } from '../update-project/update-project.errors.js';
import { grantTaken, userNotFound } from '../user-grants.js';
import { addUserGrant } from './add-user-grant.handler.js';
import { operation } from '../operation.js';

export const addUserGrantOperation = operation(
  'identity.management.v1.ManagementService/AddUserGrant',
  'POST /management/v1/users/:userId/grants',
  { permission: 'user.grant.write', schema, handle: addUserGrant },
  [projectNotFound(), roleNotFound(), userNotFound(), grantTaken()],
);
