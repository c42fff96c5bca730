import schema from '../../../../schemas/requests/finish-my-passkey-registration.schema.json' with { type: 'json' };
import {
  ceremonyExpired,
  limitReached,
  reauthenticationRequired,
  verificationFailed,
} from '../../accounts/passkeys/passkey-errors.js';
import { finishMyPasskeyRegistration } from './finish-my-passkey-registration.handler.js';
import { operation } from '../operation.js';

export const finishMyPasskeyRegistrationOperation = operation(
  'identity.auth.v1.AuthService/FinishMyPasskeyRegistration',
  'POST /auth/v1/users/me/passkeys/_finish-registration',
  { permission: 'authenticated', schema, handle: finishMyPasskeyRegistration },
  [reauthenticationRequired(), ceremonyExpired(), verificationFailed(), limitReached()],
);
