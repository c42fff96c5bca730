import schema from '../../../../schemas/requests/start-my-passkey-registration.schema.json' with { type: 'json' };
import { limitReached, reauthenticationRequired } from '../../accounts/passkeys/passkey-errors.js';
import { startMyPasskeyRegistration } from './start-my-passkey-registration.handler.js';
import { operation } from '../operation.js';

export const startMyPasskeyRegistrationOperation = operation(
  'identity.auth.v1.AuthService/StartMyPasskeyRegistration',
  'POST /auth/v1/users/me/passkeys/_start-registration',
  { permission: 'authenticated', schema, handle: startMyPasskeyRegistration },
  [reauthenticationRequired(), limitReached()],
);
