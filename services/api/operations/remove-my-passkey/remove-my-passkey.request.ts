import type { Details } from '../details.js';

export type { RemoveMyPasskeyRequest } from '../requests.generated.js';

export interface RemoveMyPasskeyResponse {
  /** The user after the removal. */
  details: Details;
}
