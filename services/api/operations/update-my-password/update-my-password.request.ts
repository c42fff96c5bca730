import type { Details } from '../details.js';

export type { UpdateMyPasswordRequest } from './update-my-password.request.generated.js';

export interface UpdateMyPasswordResponse {
  /** The user after the change. */
  details: Details;
}
