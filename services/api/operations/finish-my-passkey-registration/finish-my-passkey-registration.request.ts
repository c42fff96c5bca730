import type { PasskeyView } from '../../accounts/passkeys/passkeys.js';

export type { FinishMyPasskeyRegistrationRequest } from './finish-my-passkey-registration.request.generated.js';

export interface FinishMyPasskeyRegistrationResponse {
  /** The passkey stored. */
  passkey: PasskeyView;
}
