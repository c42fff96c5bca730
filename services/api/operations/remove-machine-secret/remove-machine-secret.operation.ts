import schema from '../../../../schemas/requests/remove-machine-secret.schema.json' with { type: 'json' };
import { machineUserNotFound } from '../machine-user-aggregate.js';
import { machineSecretNotFound, removeMachineSecret } from './remove-machine-secret.handler.js';
import { operation } from '../operation.js';

export const removeMachineSecretOperation = operation(
  'identity.management.v1.ManagementService/RemoveMachineSecret',
  'DELETE /management/v1/users/:userId/secret',
  { permission: 'user.write', schema, handle: removeMachineSecret },
  [machineUserNotFound(), machineSecretNotFound()],
);
