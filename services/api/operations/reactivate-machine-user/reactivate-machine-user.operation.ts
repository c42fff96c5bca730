import schema from '../../../../schemas/requests/reactivate-machine-user.schema.json' with { type: 'json' };
import {
  machineUserNotFound,
  machineUserNotInactive,
  machineUserStateChange,
} from '../machine-user-aggregate.js';
import { operation } from '../operation.js';

/** Reactivates a deactivated machine user: its credentials work again. */
export const reactivateMachineUserOperation = operation(
  'identity.management.v1.ManagementService/ReactivateMachineUser',
  'POST /management/v1/users/:userId/machine/_reactivate',
  { permission: 'user.write', schema, handle: machineUserStateChange('active') },
  [machineUserNotFound(), machineUserNotInactive()],
);
