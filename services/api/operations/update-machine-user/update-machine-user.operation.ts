import schema from '../../../../schemas/requests/update-machine-user.schema.json' with { type: 'json' };
import { machineUserNotFound } from '../machine-user-aggregate.js';
import { updateMachineUser } from './update-machine-user.handler.js';
import { operation } from '../operation.js';

export const updateMachineUserOperation = operation(
  'identity.management.v1.ManagementService/UpdateMachineUser',
  'PUT /management/v1/users/:userId/machine',
  { permission: 'user.write', schema, handle: updateMachineUser },
  [machineUserNotFound()],
);
