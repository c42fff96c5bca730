import schema from '../../../../schemas/requests/deactivate-machine-user.schema.json' with { type: 'json' };
import {
  machineUserNotActive,
  machineUserNotFound,
  machineUserStateChange,
} from '../machine-user-aggregate.js';
import { operation } from '../operation.js';

/** Deactivates a machine user: its tokens are revoked, and it gets no new ones. */
export const deactivateMachineUserOperation = operation(
  'identity.management.v1.ManagementService/DeactivateMachineUser',
  'POST /management/v1/users/:userId/machine/_deactivate',
  { permission: 'user.write', schema, handle: machineUserStateChange('inactive') },
  [machineUserNotFound(), machineUserNotActive()],
);
