import schema from '../../../../schemas/requests/update-my-profile.schema.json' with { type: 'json' };
import { updateMyProfile } from './update-my-profile.handler.js';
import { operation } from '../operation.js';

export const updateMyProfileOperation = operation(
  'identity.auth.v1.AuthService/UpdateMyProfile',
  'PUT /auth/v1/users/me/profile',
  { permission: 'authenticated', schema, handle: updateMyProfile },
);
