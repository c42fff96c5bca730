import schema from '../../../../schemas/requests/verify-my-auth-factor-otp.schema.json' with { type: 'json' };
import { otpAttemptsLocked, otpCodeInvalid, otpNotPending } from '../my-otp.js';
import { operation } from '../operation.js';
import { verifyMyAuthFactorOTP } from './verify-my-auth-factor-otp.handler.js';

export const verifyMyAuthFactorOTPOperation = operation(
  'identity.auth.v1.AuthService/VerifyMyAuthFactorOTP',
  'POST /auth/v1/users/me/auth_factors/otp/_verify',
  { permission: 'authenticated', schema, handle: verifyMyAuthFactorOTP },
  [otpNotPending(), otpCodeInvalid(), otpAttemptsLocked()],
);
