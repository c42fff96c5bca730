import schema from '../../../../schemas/requests/end-my-user-session.schema.json' with { type: 'json' };
import { sessionNotFound } from '../my-sessions.js';
import { operation } from '../operation.js';
import { endMyUserSession } from './end-my-user-session.handler.js';

export const endMyUserSessionOperation = operation(
  'identity.auth.v1.AuthService/EndMyUserSession',
  'DELETE /auth/v1/users/me/sessions/:id',
  { permission: 'authenticated', schema, handle: endMyUserSession },
  [sessionNotFound()],
);
