import type { PasskeyView } from '../../accounts/passkeys/passkeys.js';

export type { FinishMyPasskeyRegistrationRequest } from '../requests.generated.js';

export interface FinishMyPasskeyRegistrationResponse {
  /** The passkey stored. */
  passkey: PasskeyView;
}
