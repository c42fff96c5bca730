import type { Details } from '../details.js';

export type { RenameMyPasskeyRequest } from './rename-my-passkey.request.generated.js';

export interface RenameMyPasskeyResponse {
  /** The user after the rename (one that changed nothing reports it as it was). */
  details: Details;
}
