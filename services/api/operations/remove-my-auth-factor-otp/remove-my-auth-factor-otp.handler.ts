import { otpNotFound } from '../human-user-aggregate.js';
import { requireRecentSignIn } from '../my-passkeys.js';
import { callerChange } from '../my-otp.js';
import type { OperationContext } from '../operation.js';
import type {
  RemoveMyAuthFactorOTPRequest,
  RemoveMyAuthFactorOTPResponse,
} from './remove-my-auth-factor-otp.request.js';

/** Removes the caller's TOTP second factor, confirmed or pending (`user.human.otp.removed`). */
const removeSecrets = callerChange<RemoveMyAuthFactorOTPRequest>(({ user }) => {
  if (user.otpSecretEncrypted === null && user.otpPendingSecretEncrypted === null)
    throw otpNotFound();
  return {
    event: { type: 'user.human.otp.removed', payload: {} },
    columns: { otpSecretEncrypted: null, otpPendingSecretEncrypted: null, otpLastStep: null },
  };
});

export async function removeMyAuthFactorOTP(
  context: OperationContext,
  request: RemoveMyAuthFactorOTPRequest,
): Promise<RemoveMyAuthFactorOTPResponse> {
  requireRecentSignIn(context);
  return removeSecrets(context, request);
}
