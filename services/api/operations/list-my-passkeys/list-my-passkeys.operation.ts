import schema from '../../../../schemas/requests/list-my-passkeys.schema.json' with { type: 'json' };
import { listMyPasskeys } from './list-my-passkeys.handler.js';
import { operation } from '../operation.js';

export const listMyPasskeysOperation = operation(
  'identity.auth.v1.AuthService/ListMyPasskeys',
  'GET /auth/v1/users/me/passkeys',
  { permission: 'authenticated', schema, handle: listMyPasskeys },
);
