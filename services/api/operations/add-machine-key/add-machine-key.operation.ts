import schema from '../../../../schemas/requests/add-machine-key.schema.json' with { type: 'json' };
import { machineUserNotFound } from '../machine-user-aggregate.js';
import { addMachineKey } from './add-machine-key.handler.js';
import { operation } from '../operation.js';

export const addMachineKeyOperation = operation(
  'identity.management.v1.ManagementService/AddMachineKey',
  'POST /management/v1/users/:userId/keys',
  { permission: 'user.write', schema, handle: addMachineKey },
  [machineUserNotFound()],
);
