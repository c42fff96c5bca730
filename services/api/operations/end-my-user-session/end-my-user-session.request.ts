import type { Details } from '../details.js';

export type { EndMyUserSessionRequest } from './end-my-user-session.request.generated.js';

export interface EndMyUserSessionResponse {
  details: Details;
}
