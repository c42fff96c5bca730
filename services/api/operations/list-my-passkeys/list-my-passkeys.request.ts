import type { PasskeyView } from '../../accounts/passkeys/passkeys.js';

export type { ListMyPasskeysRequest } from './list-my-passkeys.request.generated.js';

export interface ListMyPasskeysResponse {
  /** The caller's passkeys, oldest first, without key material. */
  passkeys: PasskeyView[];
}
