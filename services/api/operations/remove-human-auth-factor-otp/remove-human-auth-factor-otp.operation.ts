import schema from '../../../../schemas/requests/remove-human-auth-factor-otp.schema.json' with { type: 'json' };
import { otpNotFound } from '../human-user-aggregate.js';
import { operation } from '../operation.js';
import { userNotFound } from '../user-grants.js';
import { removeHumanAuthFactorOTP } from './remove-human-auth-factor-otp.handler.js';

export const removeHumanAuthFactorOTPOperation = operation(
  'identity.management.v1.ManagementService/RemoveHumanAuthFactorOTP',
  'DELETE /management/v1/users/:userId/auth_factors/otp',
  { permission: 'user.write', schema, handle: removeHumanAuthFactorOTP },
  [userNotFound(), otpNotFound()],
);
