import schema from '../../../../schemas/requests/get-my-profile.schema.json' with { type: 'json' };
import type { Operation } from '../operation.js';
import { profileNotFound } from './get-my-profile.errors.js';
import { getMyProfile } from './get-my-profile.handler.js';
import type { GetMyProfileRequest, GetMyProfileResponse } from './get-my-profile.request.js';

export const getMyProfileOperation: Operation<GetMyProfileRequest, GetMyProfileResponse> = {
  grpc: { service: 'identity.auth.v1.AuthService', method: 'GetMyProfile' },
  http: { method: 'GET', path: '/auth/v1/users/me/profile' },
  permission: 'authenticated',
  schema,
  errors: [profileNotFound()],
  handle: getMyProfile,
};
