import schema from '../../../../schemas/requests/rename-my-passkey.schema.json' with { type: 'json' };
import { passkeyNotFound } from '../../accounts/passkeys/passkey-errors.js';
import type { Operation } from '../operation.js';
import { renameMyPasskey } from './rename-my-passkey.handler.js';
import type {
  RenameMyPasskeyRequest,
  RenameMyPasskeyResponse,
} from './rename-my-passkey.request.js';

export const renameMyPasskeyOperation: Operation<RenameMyPasskeyRequest, RenameMyPasskeyResponse> =
  {
    grpc: { service: 'identity.auth.v1.AuthService', method: 'RenameMyPasskey' },
    http: { method: 'PUT', path: '/auth/v1/users/me/passkeys/:id' },
    permission: 'authenticated',
    schema,
    errors: [passkeyNotFound()],
    handle: renameMyPasskey,
  };
