import type { Details } from '../details.js';
import type { ProfileInput } from '../profile.js';

export type UpdateMyProfileRequest = ProfileInput;

export interface UpdateMyProfileResponse {
  /** The user as stored after the update; an update that changed nothing reports it as it was. */
  details: Details;
}
