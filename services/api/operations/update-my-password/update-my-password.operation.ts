import schema from '../../../../schemas/requests/update-my-password.schema.json' with { type: 'json' };
import { operation } from '../operation.js';
import {
  passwordAttemptsLocked,
  updateMyPassword,
  wrongPassword,
} from './update-my-password.handler.js';

export const updateMyPasswordOperation = operation(
  'identity.auth.v1.AuthService/UpdateMyPassword',
  'PUT /auth/v1/users/me/password',
  { permission: 'authenticated', schema, handle: updateMyPassword },
  [wrongPassword(), passwordAttemptsLocked()],
);
