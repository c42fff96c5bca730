import schema from '../../../../schemas/requests/remove-my-auth-factor-otp.schema.json' with { type: 'json' };
import { reauthenticationRequired } from '../../accounts/passkeys/passkey-errors.js';
import { otpNotFound } from '../human-user-aggregate.js';
import { operation } from '../operation.js';
import { removeMyAuthFactorOTP } from './remove-my-auth-factor-otp.handler.js';

export const removeMyAuthFactorOTPOperation = operation(
  'identity.auth.v1.AuthService/RemoveMyAuthFactorOTP',
  'DELETE /auth/v1/users/me/auth_factors/otp',
  { permission: 'authenticated', schema, handle: removeMyAuthFactorOTP },
  [reauthenticationRequired(), otpNotFound()],
);
