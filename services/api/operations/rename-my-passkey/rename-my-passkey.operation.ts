import schema from '../../../../schemas/requests/rename-my-passkey.schema.json' with { type: 'json' };
import { passkeyNotFound } from '../../accounts/passkeys/passkey-errors.js';
import { renameMyPasskey } from './rename-my-passkey.handler.js';
import { operation } from '../operation.js';

export const renameMyPasskeyOperation = operation(
  'identity.auth.v1.AuthService/RenameMyPasskey',
  'PUT /auth/v1/users/me/passkeys/:id',
  { permission: 'authenticated', schema, handle: renameMyPasskey },
  [passkeyNotFound()],
);
