import { MachineKey } from '../../../../shared/db/entities/machine-user.entity.js';
import { ServiceError } from '../../../../shared/errors/service-error.js';
import { machineUserChange } from '../machine-user-aggregate.js';
import { firstOr } from '../project-aggregate.js';
import type { RemoveMachineKeyRequest } from './remove-machine-key.request.generated.js';

export const machineKeyNotFound = (): ServiceError => new ServiceError('MACHINE-KEY-NOT-FOUND');

/** Removes a machine user's key and revokes its tokens (`user.machine.key.removed`). */
export const removeMachineKey = machineUserChange<RemoveMachineKeyRequest>(
  async ({ transaction, machineUser, request: { keyId } }) => {
    const where = { id: keyId, userId: machineUser.id };
    await firstOr(transaction.find(MachineKey, where, { select: ['id'] }), machineKeyNotFound);
    transaction.queue('DELETE FROM machine_keys WHERE id = ?', [keyId]);
    return { event: { type: 'user.machine.key.removed', payload: { keyId } }, revokesTokens: true };
  },
);
