/**
 * The WebAuthn relying party that passkeys are registered with and checked against. Behind a
 * proxy PUBLIC_URL is the address people use, and so the default of both.
 */
export interface PasskeyConfig {
  /** The RP ID: a domain (never an IP address). `WEBAUTHN_RP_ID`, default PUBLIC_URL's host name. */
  rpId: string;
  /** The name authenticators show. `WEBAUTHN_RP_NAME`, default `Identity`. */
  rpName: string;
  /** Origins a ceremony may come from, comma-separated. `WEBAUTHN_ORIGINS`, default PUBLIC_URL's origin. */
  origins: string[];
  /**
   * Adding a passkey while signed in needs a sign-in at most this many seconds old (the access
   * token's `auth_time`). `PASSKEY_REAUTH_SECONDS`, default 300.
   */
  reauthSeconds: number;
}
