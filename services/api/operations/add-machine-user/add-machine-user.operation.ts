import schema from '../../../../schemas/requests/add-machine-user.schema.json' with { type: 'json' };
import { addMachineUser, machineUserNameTaken } from './add-machine-user.handler.js';
import { operation } from '../operation.js';

export const addMachineUserOperation = operation(
  'identity.management.v1.ManagementService/AddMachineUser',
  'POST /management/v1/users/machine',
  { permission: 'user.write', schema, handle: addMachineUser },
  [machineUserNameTaken()],
);
