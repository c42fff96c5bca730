import type { Details } from '../details.js';

export type { EndAllMyUserSessionsRequest } from './end-all-my-user-sessions.request.generated.js';

export interface EndAllMyUserSessionsResponse {
  details: Details;
  /** How many sessions ended. */
  ended: number;
}
