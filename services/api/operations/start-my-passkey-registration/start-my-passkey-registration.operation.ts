import schema from '../../../../schemas/requests/start-my-passkey-registration.schema.json' with { type: 'json' };
import { limitReached, reauthenticationRequired } from '../../accounts/passkeys/passkey-errors.js';
import type { Operation } from '../operation.js';
import { startMyPasskeyRegistration } from './start-my-passkey-registration.handler.js';
import type {
  StartMyPasskeyRegistrationRequest,
  StartMyPasskeyRegistrationResponse,
} from './start-my-passkey-registration.request.js';

export const startMyPasskeyRegistrationOperation: Operation<
  StartMyPasskeyRegistrationRequest,
  StartMyPasskeyRegistrationResponse
> = {
  grpc: { service: 'identity.auth.v1.AuthService', method: 'StartMyPasskeyRegistration' },
  http: { method: 'POST', path: '/auth/v1/users/me/passkeys/_start-registration' },
  permission: 'authenticated',
  schema,
  errors: [reauthenticationRequired(), limitReached()],
  handle: startMyPasskeyRegistration,
};
