import schema from '../../../../schemas/requests/remove-my-passkey.schema.json' with { type: 'json' };
import { passkeyNotFound } from '../../accounts/passkeys/passkey-errors.js';
import { removeMyPasskey } from './remove-my-passkey.handler.js';
import { operation } from '../operation.js';

export const removeMyPasskeyOperation = operation(
  'identity.auth.v1.AuthService/RemoveMyPasskey',
  'DELETE /auth/v1/users/me/passkeys/:id',
  { permission: 'authenticated', schema, handle: removeMyPasskey },
  [passkeyNotFound()],
);
