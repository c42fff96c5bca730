import { machineUserChange, removedMachineUser } from '../machine-user-aggregate.js';
import type { RemoveMachineUserRequest } from './remove-machine-user.request.generated.js';

/**
 * Removes a machine user with its keys, personal access tokens and roles in every organization,
 * and revokes its access tokens (`user.machine.removed`, the user's last event), in one
 * transaction.
 */
export const removeMachineUser = machineUserChange<RemoveMachineUserRequest>(
  ({ transaction, machineUser }) => removedMachineUser(transaction, machineUser),
);
