import schema from '../../../../schemas/requests/get-my-profile.schema.json' with { type: 'json' };
import { profileNotFound } from './get-my-profile.errors.js';
import { getMyProfile } from './get-my-profile.handler.js';
import { operation } from '../operation.js';

export const getMyProfileOperation = operation(
  'identity.auth.v1.AuthService/GetMyProfile',
  'GET /auth/v1/users/me/profile',
  { permission: 'authenticated', schema, handle: getMyProfile, reads: 'user' },
  [profileNotFound()],
);
