import type { Ceremony, CreationOptions } from '../../accounts/passkeys/passkeys.js';

export type { StartMyPasskeyRegistrationRequest } from './start-my-passkey-registration.request.generated.js';

/** The ceremony's id, and the WebAuthn creation options for `navigator.credentials.create`. */
export type StartMyPasskeyRegistrationResponse = Ceremony<CreationOptions>;
