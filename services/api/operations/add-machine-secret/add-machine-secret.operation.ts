import schema from '../../../../schemas/requests/add-machine-secret.schema.json' with { type: 'json' };
import { machineUserNotFound } from '../machine-user-aggregate.js';
import { addMachineSecret } from './add-machine-secret.handler.js';
import { operation } from '../operation.js';

export const addMachineSecretOperation = operation(
  'identity.management.v1.ManagementService/AddMachineSecret',
  'PUT /management/v1/users/:userId/secret',
  { permission: 'user.write', schema, handle: addMachineSecret },
  [machineUserNotFound()],
);
