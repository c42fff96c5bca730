import { newClientSecret } from '../../credentials/machine-credentials.js';
import { machineUserChange } from '../machine-user-aggregate.js';
import type { AddMachineSecretRequest } from './add-machine-secret.request.generated.js';

/**
 * Gives a machine user a new client secret for client credentials (`user.machine.secret.added`,
 * which never carries it): answered this once, kept only sealed. It replaces an earlier secret,
 * whose tokens are revoked with it.
 */
export const addMachineSecret = machineUserChange<
  AddMachineSecretRequest,
  { clientId: string; clientSecret: string }
>(({ machineUser, deps }) => {
  const { secret, sealed } = newClientSecret(deps.config);
  return {
    event: { type: 'user.machine.secret.added', payload: {} },
    columns: { secretEncrypted: sealed },
    revokesTokens: machineUser.secretEncrypted !== null,
    answer: { clientId: machineUser.id, clientSecret: secret },
  };
});
