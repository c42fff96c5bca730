import schema from '../../../../schemas/requests/remove-machine-key.schema.json' with { type: 'json' };
import { machineUserNotFound } from '../machine-user-aggregate.js';
import { machineKeyNotFound, removeMachineKey } from './remove-machine-key.handler.js';
import { operation } from '../operation.js';

export const removeMachineKeyOperation = operation(
  'identity.management.v1.ManagementService/RemoveMachineKey',
  'DELETE /management/v1/users/:userId/keys/:keyId',
  { permission: 'user.write', schema, handle: removeMachineKey },
  [machineUserNotFound(), machineKeyNotFound()],
);
