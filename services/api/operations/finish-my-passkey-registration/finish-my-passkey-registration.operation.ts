import schema from '../../../../schemas/requests/finish-my-passkey-registration.schema.json' with { type: 'json' };
import {
  ceremonyExpired,
  limitReached,
  reauthenticationRequired,
  verificationFailed,
} from '../../accounts/passkeys/passkey-errors.js';
import type { Operation } from '../operation.js';
import { finishMyPasskeyRegistration } from './finish-my-passkey-registration.handler.js';
import type {
  FinishMyPasskeyRegistrationRequest,
  FinishMyPasskeyRegistrationResponse,
} from './finish-my-passkey-registration.request.js';

export const finishMyPasskeyRegistrationOperation: Operation<
  FinishMyPasskeyRegistrationRequest,
  FinishMyPasskeyRegistrationResponse
> = {
  grpc: { service: 'identity.auth.v1.AuthService', method: 'FinishMyPasskeyRegistration' },
  http: { method: 'POST', path: '/auth/v1/users/me/passkeys/_finish-registration' },
  permission: 'authenticated',
  schema,
  errors: [reauthenticationRequired(), ceremonyExpired(), verificationFailed(), limitReached()],
  handle: finishMyPasskeyRegistration,
};
