import schema from '../../../../schemas/requests/remove-machine-user.schema.json' with { type: 'json' };
import { machineUserNotFound } from '../machine-user-aggregate.js';
import { removeMachineUser } from './remove-machine-user.handler.js';
import { operation } from '../operation.js';

export const removeMachineUserOperation = operation(
  'identity.management.v1.ManagementService/RemoveMachineUser',
  'DELETE /management/v1/users/:userId/machine',
  { permission: 'user.write', schema, handle: removeMachineUser },
  [machineUserNotFound()],
);
