import schema from '../../../../schemas/requests/end-all-my-user-sessions.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { endAllMyUserSessions } from './end-all-my-user-sessions.handler.js';

export const endAllMyUserSessionsOperation = operation(
  'identity.auth.v1.AuthService/EndAllMyUserSessions',
  'POST /auth/v1/users/me/sessions/_end_all',
  { permission: 'authenticated', schema, handle: endAllMyUserSessions },
);
