import type { Details } from '../details.js';

export type { RemoveMyPasskeyRequest } from './remove-my-passkey.request.generated.js';

export interface RemoveMyPasskeyResponse {
  /** The user after the removal. */
  details: Details;
}
