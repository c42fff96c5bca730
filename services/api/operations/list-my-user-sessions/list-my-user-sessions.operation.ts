import schema from '../../../../schemas/requests/list-my-user-sessions.schema.json' with { type: 'json' };
import { listMyUserSessions } from './list-my-user-sessions.handler.js';
import { operation } from '../operation.js';

/** The caller's sessions, read from the provider's records (strongly consistent: no read model). */
export const listMyUserSessionsOperation = operation(
  'identity.auth.v1.AuthService/ListMyUserSessions',
  'POST /auth/v1/users/me/sessions/_search',
  { permission: 'authenticated', schema, handle: listMyUserSessions },
);
