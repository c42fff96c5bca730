import schema from '../../../../schemas/requests/verify-my-email.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { emailCodeInvalid, verifyMyEmail } from './verify-my-email.handler.js';

export const verifyMyEmailOperation = operation(
  'identity.auth.v1.AuthService/VerifyMyEmail',
  'POST /auth/v1/users/me/email/_verify',
  { permission: 'authenticated', schema, handle: verifyMyEmail },
  [emailCodeInvalid()],
);
