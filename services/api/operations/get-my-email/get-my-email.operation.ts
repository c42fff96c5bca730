import schema from '../../../../schemas/requests/get-my-email.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import { getMyEmail } from './get-my-email.handler.js';

export const getMyEmailOperation = operation(
  'identity.auth.v1.AuthService/GetMyEmail',
  'GET /auth/v1/users/me/email',
  { permission: 'authenticated', schema, handle: getMyEmail },
);
