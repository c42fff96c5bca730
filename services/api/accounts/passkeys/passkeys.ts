import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../../shared/config/config.js';
import { Passkey, User, UserCode } from '../../../../shared/db/entities/index.js';
import { codeState } from '../initialization-code.js';
import { asResponse, Ceremonies } from './ceremonies.js';
import { ceremonyExpired, linkInvalid, notRecognized, passkeyName } from './passkey-errors.js';
import {
  addPasskey,
  recordPasskeySignIn,
  removePasskey,
  renamePasskey,
  type UserVersion,
} from './passkey-writes.js';

/** A passkey as its owner sees it: never key material. */
export interface PasskeyView {
  id: string;
  name: string;
  createdAt: Date;
  /** Absent until it has signed in. */
  lastUsedAt?: Date;
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
 *  - REGISTRATION-LINK-INVALID: the link's code is wrong, used or expired, or not the user's and
 *    organization's;
 *  - PASSKEY-CEREMONY-EXPIRED: the ceremony id is unknown, used or expired (or another user's);
 *  - PASSKEY-VERIFICATION-FAILED: the browser's response is not a valid one for the ceremony's
 *    challenge, origin and RP ID (garbage, tampered, replayed);
 *  - PASSKEY-NOT-RECOGNIZED: no active user of an active organization has this credential;
 *  - PASSKEY-SIGN-COUNT-REGRESSED: the sign count went backwards (recorded as an event);
 *  - PASSKEY-NOT-FOUND: rename or remove of a passkey the user does not have;
 *  - PASSKEY-LIMIT-REACHED: the user has MAX_PASSKEYS already;
 *  - REQUEST-INVALID: a name that is empty, over 100 characters or not well-formed text.
 */
export class Passkeys {
  private readonly ceremonies: Ceremonies;

  constructor(
    readonly config: Config,
    readonly dataSource: DataSource,
  ) {
    this.ceremonies = new Ceremonies(config.passkeys, dataSource);
  }

  /** The link's state, for the page that opens it. */
  async linkState(link: RegistrationLink): Promise<LinkState> {
    const found = await this.linkCode(link);
    return found ? codeState(found, link.code, new Date()) : 'invalid';
  }

  /** Begins a registration through the link (checks it first: REGISTRATION-LINK-INVALID). */
  async startLinkRegistration(link: RegistrationLink): Promise<Ceremony<CreationOptions>> {
    if ((await this.linkState(link)) !== 'valid') throw linkInvalid();
    return this.beginRegistration(link.userId, link.codeId);
  }

  /**
   * Verifies the browser's response and stores the passkey, marks the code used and records
   * `user.human.passkey.added`, in one transaction.
   */
  async finishLinkRegistration(
    link: RegistrationLink,
    ceremonyId: string,
    credential: unknown,
    name?: string,
  ): Promise<PasskeyView> {
    const chosen = passkeyName(name, defaultName());
    if ((await this.linkState(link)) !== 'valid') throw linkInvalid();
    const ceremony = await this.ceremonies.take(ceremonyId, 'registration');
    if (ceremony.userId !== link.userId || ceremony.codeId !== link.codeId) throw ceremonyExpired();
    const verified = await this.ceremonies.verifyRegistration(credential, ceremony.challenge);
    const passkey = await addPasskey(this.dataSource, {
      userId: link.userId,
      credential: verified,
      name: chosen,
      link: { codeId: link.codeId, code: link.code },
    });
    return view(passkey);
  }

  /** Begins a registration for a signed-in user (the caller checks re-authentication). */
  startRegistration(userId: string): Promise<Ceremony<CreationOptions>> {
    return this.beginRegistration(userId);
  }

  async finishRegistration(
    userId: string,
    ceremonyId: string,
    credential: unknown,
    name?: string,
  ): Promise<PasskeyView> {
    const chosen = passkeyName(name, defaultName());
    const ceremony = await this.ceremonies.take(ceremonyId, 'registration');
    if (ceremony.userId !== userId || ceremony.codeId !== undefined) throw ceremonyExpired();
    const verified = await this.ceremonies.verifyRegistration(credential, ceremony.challenge);
    return view(await addPasskey(this.dataSource, { userId, credential: verified, name: chosen }));
  }

  /** Begins a sign-in with a discoverable credential (also for conditional UI). */
  startSignIn(): Promise<Ceremony<RequestOptions>> {
    return this.ceremonies.beginSignIn();
  }

  /**
   * Verifies an assertion, checks the sign count under the user's row lock, and records the
   * sign-in (`user.human.signin.succeeded` with methods ['passkey'], the new count, last used);
   * a count that went backwards records `user.human.signin.failed` (reason 'passkey-sign-count').
   * The ceremony is used up first, so an assertion answers at most one ceremony.
   */
  async finishSignIn(
    ceremonyId: string,
    credential: unknown,
    clientId: string,
  ): Promise<{ userId: string; passkeyId: string }> {
    const response = asResponse<AuthenticationResponseJSON>(credential);
    const ceremony = await this.ceremonies.take(ceremonyId, 'sign-in');
    const [stored] = (await this.dataSource.query(
      `SELECT p.id, p.user_id, p.public_key, p.transports
         FROM passkeys p JOIN users u ON u.id = p.user_id JOIN organizations o ON o.id = u.org_id
        WHERE p.credential_id = ? AND u.state = 'active' AND o.state = 'active'`,
      [response.id],
    )) as { id: string; user_id: string; public_key: Uint8Array; transports: string }[];
    if (!stored) throw notRecognized();
    const asserted = await this.ceremonies.verifyAssertion(response, ceremony.challenge, {
      credentialId: response.id,
      publicKey: Buffer.from(stored.public_key),
      transports: JSON.parse(stored.transports) as string[],
    });
    await recordPasskeySignIn(
      this.dataSource,
      { passkeyId: stored.id, userId: stored.user_id, ...asserted },
      clientId,
    );
    return { userId: stored.user_id, passkeyId: stored.id };
  }

  /** The user's passkeys, oldest first. */
  async list(userId: string): Promise<PasskeyView[]> {
    const passkeys = await this.dataSource
      .getRepository(Passkey)
      .find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return passkeys.map(view);
  }

  /** Renames (`user.human.passkey.renamed`). */
  async rename(userId: string, passkeyId: string, name: string): Promise<UserVersion> {
    const chosen = passkeyName(name, '');
    return renamePasskey(this.dataSource, { userId, passkeyId, name: chosen });
  }

  /** Removes (`user.human.passkey.removed`); it no longer signs in. */
  remove(userId: string, passkeyId: string): Promise<UserVersion> {
    return removePasskey(this.dataSource, { userId, passkeyId });
  }

  private async beginRegistration(
    userId: string,
    codeId?: string,
  ): Promise<Ceremony<CreationOptions>> {
    const user = await this.dataSource
      .getRepository(User)
      .findOne({ where: { id: userId }, select: ['id', 'userName', 'displayName'] });
    if (!user) throw notRecognized();
    const existing = await this.dataSource
      .getRepository(Passkey)
      .find({ where: { userId }, select: ['credentialId', 'transports'] });
    return this.ceremonies.beginRegistration(
      user,
      existing.map((passkey) => ({
        credentialId: passkey.credentialId,
        transports: JSON.parse(passkey.transports) as string[],
      })),
      codeId ? { codeId } : {},
    );
  }

  /** The link's code when the link's user is of the link's organization and the code theirs. */
  private async linkCode(link: RegistrationLink) {
    const fields = [link.userId, link.orgId, link.codeId, link.code];
    if (
      fields.some((field) => typeof field !== 'string' || field.length === 0 || field.length > 100)
    )
      return undefined;
    const user = await this.dataSource
      .getRepository(User)
      .findOne({ where: { id: link.userId, orgId: link.orgId }, select: ['id'] });
    if (!user) return undefined;
    const code = await this.dataSource.getRepository(UserCode).findOne({
      where: { id: link.codeId, userId: user.id, kind: 'passwordless_registration' },
      select: ['id', 'codeHash', 'expiresAt', 'usedAt'],
    });
    return code ?? undefined;
  }
}

function view(passkey: Passkey): PasskeyView {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt,
    ...(passkey.lastUsedAt && { lastUsedAt: passkey.lastUsedAt }),
    backedUp: passkey.backedUp,
  };
}

/** A new passkey's name when the person gives none: "Passkey of 2026-11-23". */
function defaultName(): string {
  return `Passkey of ${new Date().toISOString().slice(0, 10)}`;
}
