import schema from '../../../../schemas/requests/update-my-profile.schema.json' with { type: 'json' };
import type { Operation } from '../operation.js';
import { updateMyProfile } from './update-my-profile.handler.js';
import type {
  UpdateMyProfileRequest,
  UpdateMyProfileResponse,
} from './update-my-profile.request.js';

export const updateMyProfileOperation: Operation<UpdateMyProfileRequest, UpdateMyProfileResponse> =
  {
    grpc: { service: 'identity.auth.v1.AuthService', method: 'UpdateMyProfile' },
    http: { method: 'PUT', path: '/auth/v1/users/me/profile' },
    permission: 'authenticated',
    schema,
    handle: updateMyProfile,
  };
