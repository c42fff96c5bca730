import schema from '../../../../schemas/requests/add-my-auth-factor-otp.schema.json' with { type: 'json' };
import { reauthenticationRequired } from '../../accounts/passkeys/passkey-errors.js';
import { otpAlreadyReady } from '../my-otp.js';
import { operation } from '../operation.js';
import { addMyAuthFactorOTP } from './add-my-auth-factor-otp.handler.js';

export const addMyAuthFactorOTPOperation = operation(
  'identity.auth.v1.AuthService/AddMyAuthFactorOTP',
  'POST /auth/v1/users/me/auth_factors/otp',
  { permission: 'authenticated', schema, handle: addMyAuthFactorOTP },
  [reauthenticationRequired(), otpAlreadyReady()],
);
