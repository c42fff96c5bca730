import { encryptSecret } from '../../credentials/otp-secret.js';
import { newTotpSecret } from '../../credentials/totp.js';
import { requireRecentSignIn } from '../my-passkeys.js';
import { callerChange, otpAlreadyReady } from '../my-otp.js';
import type { OperationContext } from '../operation.js';
import type {
  AddMyAuthFactorOTPRequest,
  AddMyAuthFactorOTPResponse,
} from './add-my-auth-factor-otp.request.js';

/**
 * Begins adding the caller's TOTP second factor: a new secret, stored encrypted and pending
 * (`user.human.otp.pending.added`, without it) until its first code confirms it, answered this
 * once. One pending before is replaced; a confirmed one is USER-OTP-ALREADY-READY.
 */
const addPendingSecret = callerChange<AddMyAuthFactorOTPRequest, { url: string; secret: string }>(
  ({ user, deps }) => {
    if (user.otpSecretEncrypted !== null) throw otpAlreadyReady();
    const secret = newTotpSecret(deps.config.passkeys.rpName, user.userName);
    const key = deps.config.secretsEncryptionKey;
    if (!key) throw new Error('SECRETS_ENCRYPTION_KEY is needed to store an OTP secret');
    return {
      event: { type: 'user.human.otp.pending.added', payload: {} },
      columns: { otpPendingSecretEncrypted: encryptSecret(key, secret.bytes) },
      answer: { url: secret.url, secret: secret.base32 },
    };
  },
);

export async function addMyAuthFactorOTP(
  context: OperationContext,
  request: AddMyAuthFactorOTPRequest,
): Promise<AddMyAuthFactorOTPResponse> {
  requireRecentSignIn(context);
  return addPendingSecret(context, request);
}
