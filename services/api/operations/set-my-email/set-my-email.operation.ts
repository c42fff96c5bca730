import schema from '../../../../schemas/requests/set-my-email.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { setMyEmail } from './set-my-email.handler.js';

export const setMyEmailOperation = operation(
  'identity.auth.v1.AuthService/SetMyEmail',
  'PUT /auth/v1/users/me/email',
  { permission: 'authenticated', schema, handle: setMyEmail },
);
