import type { Details } from '../details.js';
import type { ProfileInput } from '../profile.js';

export type { GetMyProfileRequest } from './get-my-profile.request.generated.js';

export interface GetMyProfileResponse {
  /** The sequence and date of the last event the read model reduced, and the date of the first. */
  details: Details;
  /** The profile as the read model holds it; a field never set is absent. */
  profile: ProfileInput;
}
