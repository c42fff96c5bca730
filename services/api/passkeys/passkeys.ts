import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';

/**
 * STAND-IN: the passkeys' domain, being written on main. Signatures are final; bodies throw until
 * the core commit lands ("Passkeys core: …").
 */

/** A passkey as its owner sees it: never key material. */
export interface PasskeyView {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  /** The authenticator says the credential is synced (a backed-up, multi-device passkey). */
  backedUp: boolean;
}

/** The passwordless registration link's query: `/ui/login/passwordless/init?userID&orgID&codeID&code`. */
export interface RegistrationLink {
  userId: string;
  orgId: string;
  codeId: string;
  code: string;
}

/** The state of a registration link's code: checked against its hash, owner, expiry and use. */
export type LinkState = 'valid' | 'expired' | 'used' | 'invalid';

/** One WebAuthn ceremony begun: its id (sent back with the response) and the browser's options. */
export interface Ceremony<Options> {
  ceremonyId: string;
  options: Options;
}

export type CreationOptions = PublicKeyCredentialCreationOptionsJSON;
export type RequestOptions = PublicKeyCredentialRequestOptionsJSON;
export type { AuthenticationResponseJSON, RegistrationResponseJSON };

/**
 * Registers passkeys (through the link, or while signed in) and signs in with them. Every
 * refusal is a ServiceError with a catalogue id:
 *  - REGISTRATION-LINK-INVALID (FAILED_PRECONDITION, 400): the link's code is wrong, used or expired;
 *  - PASSKEY-CEREMONY-EXPIRED (FAILED_PRECONDITION, 400): the ceremony id is unknown, used or expired;
 *  - PASSKEY-VERIFICATION-FAILED (INVALID_ARGUMENT, 400): the browser's response is not a valid
 *    one for the ceremony's challenge, origin and RP ID (garbage, tampered, replayed);
 *  - PASSKEY-NOT-RECOGNIZED (UNAUTHENTICATED, 401): no active user has this credential;
 *  - PASSKEY-SIGN-COUNT-REGRESSED (UNAUTHENTICATED, 401): the sign count went backwards (recorded);
 *  - PASSKEY-NOT-FOUND (NOT_FOUND, 404): rename/remove of a passkey the user does not have;
 *  - PASSKEY-LIMIT-REACHED (FAILED_PRECONDITION, 400): the user has the most passkeys allowed;
 *  - REQUEST-INVALID: a name that is empty, over 100 characters or not well-formed text.
 */
export class Passkeys {
  constructor(
    readonly config: Config,
    readonly dataSource: DataSource,
  ) {}

  /** The link's state, for the page that opens it. */
  linkState(_link: RegistrationLink): Promise<LinkState> {
    throw new Error('STAND-IN');
  }

  /** Begins a registration through the link (checks it first). */
  startLinkRegistration(_link: RegistrationLink): Promise<Ceremony<CreationOptions>> {
    throw new Error('STAND-IN');
  }

  /**
   * Verifies the browser's response and stores the passkey, marks the code used and records
   * `user.human.passkey.added`, in one transaction.
   */
  finishLinkRegistration(
    _link: RegistrationLink,
    _ceremonyId: string,
    _credential: unknown,
    _name?: string,
  ): Promise<PasskeyView> {
    throw new Error('STAND-IN');
  }

  /** Begins a registration for a signed-in user (the caller checks re-authentication). */
  startRegistration(_userId: string): Promise<Ceremony<CreationOptions>> {
    throw new Error('STAND-IN');
  }

  finishRegistration(
    _userId: string,
    _ceremonyId: string,
    _credential: unknown,
    _name?: string,
  ): Promise<PasskeyView> {
    throw new Error('STAND-IN');
  }

  /** Begins a sign-in with a discoverable credential (also for conditional UI). */
  startSignIn(): Promise<Ceremony<RequestOptions>> {
    throw new Error('STAND-IN');
  }

  /**
   * Verifies an assertion, checks the sign count under the passkey's row lock, and records the
   * sign-in (`user.human.signin.succeeded` with methods ['passkey'], the new count, last used);
   * a count that went backwards records `user.human.signin.failed` (reason 'passkey-sign-count').
   */
  finishSignIn(
    _ceremonyId: string,
    _credential: unknown,
    _clientId: string,
  ): Promise<{ userId: string; passkeyId: string }> {
    throw new Error('STAND-IN');
  }

  list(_userId: string): Promise<PasskeyView[]> {
    throw new Error('STAND-IN');
  }

  /** Renames (`user.human.passkey.renamed`); the sequence of the event. */
  rename(_userId: string, _passkeyId: string, _name: string): Promise<{ sequence: string }> {
    throw new Error('STAND-IN');
  }

  /** Removes (`user.human.passkey.removed`); it no longer signs in. */
  remove(_userId: string, _passkeyId: string): Promise<{ sequence: string }> {
    throw new Error('STAND-IN');
  }
}
