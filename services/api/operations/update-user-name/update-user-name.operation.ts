import schema from '../../../../schemas/requests/update-user-name.schema.json' with { type: 'json' };
import { machineUserNameTaken } from '../add-machine-user/add-machine-user.handler.js';
import { userNameTaken } from '../import-human-user/import-human-user.errors.js';
import { operation } from '../operation.js';
import { userNotFound } from '../user-lifecycle.js';
import { updateUserName } from './update-user-name.handler.js';

export const updateUserNameOperation = operation(
  'identity.management.v1.ManagementService/UpdateUserName',
  'PUT /management/v1/users/:userId/username',
  { permission: 'user.write', schema, handle: updateUserName },
  [userNotFound(), userNameTaken(), machineUserNameTaken()],
);
