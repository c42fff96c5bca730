import type { Details } from '../details.js';

export type { UpdateMyProfileRequest } from './update-my-profile.request.generated.js';

export interface UpdateMyProfileResponse {
  /** The user as stored after the update; an update that changed nothing reports it as it was. */
  details: Details;
}
