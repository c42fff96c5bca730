import { humanUserChange, otpNotFound } from '../human-user-aggregate.js';
import type { RemoveHumanAuthFactorOTPRequest } from './remove-human-auth-factor-otp.request.generated.js';

/**
 * Removes a person's TOTP second factor (`user.human.otp.removed`): its encrypted secret goes, and
 * the person signs in with the password alone. None is USER-OTP-NOT-FOUND.
 */
export const removeHumanAuthFactorOTP = humanUserChange<RemoveHumanAuthFactorOTPRequest>(
  ({ user }) => {
    if (user.otpSecretEncrypted === null) throw otpNotFound();
    return {
      event: { type: 'user.human.otp.removed', payload: {} },
      columns: { otpSecretEncrypted: null, otpPendingSecretEncrypted: null, otpLastStep: null },
    };
  },
);
