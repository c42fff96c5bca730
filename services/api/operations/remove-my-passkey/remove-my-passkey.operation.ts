import schema from '../../../../schemas/requests/remove-my-passkey.schema.json' with { type: 'json' };
import { passkeyNotFound } from '../../accounts/passkeys/passkey-errors.js';
import type { Operation } from '../operation.js';
import { removeMyPasskey } from './remove-my-passkey.handler.js';
import type {
  RemoveMyPasskeyRequest,
  RemoveMyPasskeyResponse,
} from './remove-my-passkey.request.js';

export const removeMyPasskeyOperation: Operation<RemoveMyPasskeyRequest, RemoveMyPasskeyResponse> =
  {
    grpc: { service: 'identity.auth.v1.AuthService', method: 'RemoveMyPasskey' },
    http: { method: 'DELETE', path: '/auth/v1/users/me/passkeys/:id' },
    permission: 'authenticated',
    schema,
    errors: [passkeyNotFound()],
    handle: removeMyPasskey,
  };
