import { MachineKey } from '../../../../shared/db/entities/machine-user.entity.js';
import { invalidArgument } from '../../../../shared/errors/service-error.js';
import { newId } from '../../../../shared/ids.js';
import {
  machineKeyFile,
  machineKeyMaterial,
  PUBLIC_KEY_RULE,
} from '../../credentials/machine-keys.js';
import type { DetailsResponse } from '../details.js';
import { honoringIfMatch } from '../if-match.js';
import { expirationOf, machineUserChange } from '../machine-user-aggregate.js';
import type { OperationContext } from '../operation.js';
import type { AddMachineKeyRequest } from './add-machine-key.request.generated.js';

type AddMachineKeyResponse = DetailsResponse & { keyId: string; keyDetails?: string };

/**
 * Gives a machine user a key for private_key_jwt (`user.machine.key.added`, with the key's id and
 * expiry only): the caller's public key, or a new RSA pair whose key file (base64 of its JSON) is
 * answered this once. The key is checked, or the pair made, before the user is locked.
 */
export const addMachineKey = honoringIfMatch(async function addMachineKey(
  context: OperationContext,
  request: AddMachineKeyRequest,
): Promise<AddMachineKeyResponse> {
  const expirationDate = expirationOf(request.expirationDate);
  const keyId = newId();
  // proto3 sends empty bytes as none: "" over JSON is no key too.
  const publicKey = request.publicKey ? Buffer.from(request.publicKey, 'base64') : undefined;
  const key = await machineKeyMaterial(keyId, publicKey);
  if (!key) throw invalidArgument([{ field: 'publicKey', description: PUBLIC_KEY_RULE }]);
  const tokenUri = `${context.deps.config.publicUrl}/oidc/token`;
  const change = machineUserChange<AddMachineKeyRequest, { keyId: string; keyDetails?: string }>(
    ({ transaction, machineUser }) => {
      const userId = machineUser.id;
      const { publicJwk, privatePem } = key;
      transaction.insert(MachineKey, [
        { id: keyId, userId, publicJwk, expirationDate, creationDate: new Date() },
      ]);
      const file =
        privatePem && machineKeyFile({ keyId, userId, privatePem, expirationDate, tokenUri });
      const payload = { keyId, expirationDate: expirationDate.toISOString() };
      return {
        event: { type: 'user.machine.key.added', payload },
        answer: { keyId, ...(file && { keyDetails: Buffer.from(file).toString('base64') }) },
      };
    },
  );
  return change(context, request);
});
