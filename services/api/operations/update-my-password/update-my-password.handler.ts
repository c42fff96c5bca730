import { ServiceError } from '../../../../shared/errors/service-error.js';
import { checkOwnPassword } from '../../accounts/own-password.js';
import { hashPassword, inHashingSlot } from '../../credentials/password-hash.js';
import { honoringIfMatch } from '../if-match.js';
import { myAccountChange } from '../my-account.js';
import type { OperationContext } from '../operation.js';
import type {
  UpdateMyPasswordRequest,
  UpdateMyPasswordResponse,
} from './update-my-password.request.js';

export const wrongPassword = (): ServiceError => new ServiceError('USER-PASSWORD-INVALID');
export const passwordAttemptsLocked = (): ServiceError =>
  new ServiceError('USER-PASSWORD-ATTEMPTS-LOCKED');

const storeHash = myAccountChange<{ passwordHash: string }>(({ request }) => ({
  event: {
    type: 'user.human.password.changed',
    payload: { changeRequired: false, by: 'self-service' },
  },
  columns: { passwordHash: request.passwordHash, passwordChangeRequired: false },
}));

/**
 * Replaces the caller's password (`user.human.password.changed` by `self-service`). The current
 * one is checked as at sign-in, counted against the user name's failed attempts first (a wrong
 * one keeps its count and may lock the name; it is recorded as a failed sign-in); the new one
 * meets the policy (the schema checked it) and is hashed before the transaction opens.
 */
export const updateMyPassword = honoringIfMatch(async function updateMyPassword(
  context: OperationContext,
  request: UpdateMyPasswordRequest,
): Promise<UpdateMyPasswordResponse> {
  const { deps, caller } = context;
  const checked = await checkOwnPassword(deps, caller.userId, request.oldPassword);
  if (checked === 'locked') throw passwordAttemptsLocked();
  if (checked === 'wrong') throw wrongPassword();
  const passwordHash = await inHashingSlot(deps.config.passwordHashConcurrency, () =>
    hashPassword(request.newPassword),
  );
  return storeHash(context, { passwordHash });
});
