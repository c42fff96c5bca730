import { ServiceError } from '../../../../shared/errors/service-error.js';
import { machineUserChange } from '../machine-user-aggregate.js';
import type { RemoveMachineSecretRequest } from './remove-machine-secret.request.generated.js';

export const machineSecretNotFound = (): ServiceError =>
  new ServiceError('MACHINE-SECRET-NOT-FOUND');

/** Removes a machine user's client secret and revokes its tokens (`user.machine.secret.removed`). */
export const removeMachineSecret = machineUserChange<RemoveMachineSecretRequest>(
  ({ machineUser }) => {
    if (machineUser.secretEncrypted === null) throw machineSecretNotFound();
    return {
      event: { type: 'user.machine.secret.removed', payload: {} },
      columns: { secretEncrypted: null },
      revokesTokens: true,
    };
  },
);
