import { machineUserChange } from '../machine-user-aggregate.js';
import type { RemoveMachineUserRequest } from './remove-machine-user.request.generated.js';

/** What is the machine user's, by its `user_id`: taken with it. */
const OWNED = ['machine_keys', 'personal_access_tokens', 'role_grants'];

/**
 * Removes a machine user with its keys, personal access tokens and roles in every organization,
 * and revokes its access tokens (`user.machine.removed`, the user's last event), in one
 * transaction.
 */
export const removeMachineUser = machineUserChange<RemoveMachineUserRequest>(
  ({ transaction, machineUser }) => {
    for (const table of OWNED)
      transaction.queue(`DELETE FROM ${table} WHERE user_id = ?`, [machineUser.id]);
    transaction.queue('DELETE FROM machine_users WHERE id = ?', [machineUser.id]);
    const payload = { userName: machineUser.userName };
    return { event: { type: 'user.machine.removed', payload }, revokesTokens: true };
  },
);
