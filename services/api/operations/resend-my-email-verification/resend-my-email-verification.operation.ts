import schema from '../../../../schemas/requests/resend-my-email-verification.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import {
  emailAlreadyVerified,
  resendMyEmailVerification,
} from './resend-my-email-verification.handler.js';

export const resendMyEmailVerificationOperation = operation(
  'identity.auth.v1.AuthService/ResendMyEmailVerification',
  'POST /auth/v1/users/me/email/_resend_verification',
  { permission: 'authenticated', schema, handle: resendMyEmailVerification },
  [emailAlreadyVerified()],
);
