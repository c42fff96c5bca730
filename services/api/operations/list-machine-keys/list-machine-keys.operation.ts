import schema from '../../../../schemas/requests/list-machine-keys.schema.json' with { type: 'json' };
import { machineUserNotFound } from '../machine-user-aggregate.js';
import { listMachineKeys } from './list-machine-keys.handler.js';
import { operation } from '../operation.js';

/**
 * A machine user's keys, read from the table written (no read model holds them): what each
 * is and when it expires, never its secret part.
 */
export const listMachineKeysOperation = operation(
  'identity.management.v1.ManagementService/ListMachineKeys',
  'POST /management/v1/users/:userId/keys/_search',
  { permission: 'user.read', schema, handle: listMachineKeys },
  [machineUserNotFound()],
);
