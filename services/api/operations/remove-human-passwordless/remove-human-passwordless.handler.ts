import { passkeyOf, queuePasskeyRemoval } from '../../accounts/passkeys/passkey-writes.js';
import { humanUserChange } from '../human-user-aggregate.js';
import type { RemoveHumanPasswordlessRequest } from './remove-human-passwordless.request.generated.js';

/**
 * Removes one of a person's passkeys (`user.human.passkey.removed`), as RemoveMyPasskey removes
 * the caller's: it signs in no more. One the person does not have is PASSKEY-NOT-FOUND.
 */
export const removeHumanPasswordless = humanUserChange<RemoveHumanPasswordlessRequest>(
  async ({ transaction, user, request }) => ({
    event: queuePasskeyRemoval(transaction, await passkeyOf(transaction, user.id, request.tokenId)),
  }),
);
