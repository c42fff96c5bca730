/*
 * Generated from schemas/requests/finish-my-passkey-registration.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * POST /auth/v1/users/me/passkeys/_finish-registration (identity.auth.v1.FinishMyPasskeyRegistrationRequest): the ceremony and the browser’s answer to it.
 */
export interface FinishMyPasskeyRegistrationRequest {
  /**
   * The ceremony the start answered with.
   */
  ceremonyId: string;
  /**
   * The browser’s answer (RegistrationResponseJSON): verified against the ceremony’s challenge, the origins and the RP ID.
   */
  credential: {
    [k: string]: unknown;
  };
  /**
   * The new passkey’s name: trimmed, 1 to 100 characters; “Passkey of <date>” when omitted.
   */
  name?: string;
}
