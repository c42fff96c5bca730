import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import type { DataSource } from 'typeorm';
import type { PasskeyConfig } from '../../../../shared/config/config.js';
import { databaseChallengeStore, type ChallengeStore } from './challenge-store.js';
import { ceremonyExpired, verificationFailed } from './passkey-errors.js';

/** How long a ceremony's challenge may be answered, in seconds (the browser's timeout too). */
export const CEREMONY_SECONDS = 300;

/** What a ceremony begun remembers until it is answered: its challenge and what it is for. */
export type CeremonyRecord =
  | { kind: 'registration'; challenge: string; userId: string; codeId?: string }
  | { kind: 'sign-in'; challenge: string };

/** The credential a verified registration made, as it is stored. */
export interface RegisteredCredential {
  credentialId: string;
  publicKey: Buffer;
  signCount: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
}

/**
 * The WebAuthn ceremonies of the relying party in `config.passkeys`, by @simplewebauthn/server:
 * options with a fresh challenge, kept server-side under a random ceremony id for
 * CEREMONY_SECONDS and taken (used up) by the first answer; and the answer's verification against
 * that challenge, the RP ID and the allowed origins, with user verification required.
 */
export class Ceremonies {
  private readonly store: ChallengeStore;

  constructor(
    private readonly relyingParty: PasskeyConfig,
    dataSource: DataSource,
  ) {
    this.store = databaseChallengeStore(dataSource);
  }

  async beginRegistration(
    user: { id: string; userName: string; displayName: string },
    existing: { credentialId: string; transports: string[] }[],
    purpose: { codeId?: string } = {},
  ): Promise<{ ceremonyId: string; options: PublicKeyCredentialCreationOptionsJSON }> {
    const options = await generateRegistrationOptions({
      rpName: this.relyingParty.rpName,
      rpID: this.relyingParty.rpId,
      userName: user.userName,
      userID: new TextEncoder().encode(user.id),
      userDisplayName: user.displayName,
      timeout: CEREMONY_SECONDS * 1000,
      attestationType: 'none',
      excludeCredentials: existing.map((credential) => ({
        id: credential.credentialId,
        transports: credential.transports as never,
      })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    });
    const record: CeremonyRecord = {
      kind: 'registration',
      challenge: options.challenge,
      userId: user.id,
      ...(purpose.codeId && { codeId: purpose.codeId }),
    };
    return { ceremonyId: await this.keep(record), options };
  }

  async beginSignIn(): Promise<{
    ceremonyId: string;
    options: PublicKeyCredentialRequestOptionsJSON;
  }> {
    const options = await generateAuthenticationOptions({
      rpID: this.relyingParty.rpId,
      timeout: CEREMONY_SECONDS * 1000,
      userVerification: 'required',
    });
    const record: CeremonyRecord = { kind: 'sign-in', challenge: options.challenge };
    return { ceremonyId: await this.keep(record), options };
  }

  /** The ceremony, used up: a second answer to it finds nothing (PASSKEY-CEREMONY-EXPIRED). */
  async take<Kind extends CeremonyRecord['kind']>(
    ceremonyId: unknown,
    kind: Kind,
  ): Promise<Extract<CeremonyRecord, { kind: Kind }>> {
    if (typeof ceremonyId !== 'string' || !/^[0-9a-f-]{36}$/.test(ceremonyId))
      throw ceremonyExpired();
    const record = await this.store.take<CeremonyRecord>(ceremonyId, (kept) => kept.kind === kind);
    if (!record) throw ceremonyExpired();
    return record as Extract<CeremonyRecord, { kind: Kind }>;
  }

  /** The credential a registration response makes, verified; PASSKEY-VERIFICATION-FAILED if not. */
  async verifyRegistration(response: unknown, challenge: string): Promise<RegisteredCredential> {
    const verified = await verifyRegistrationResponse({
      response: asResponse<RegistrationResponseJSON>(response),
      expectedChallenge: challenge,
      expectedOrigin: this.relyingParty.origins,
      expectedRPID: this.relyingParty.rpId,
      requireUserVerification: true,
    }).catch((error: unknown) => {
      throw verificationFailed(error);
    });
    if (!verified.verified || !verified.registrationInfo) throw verificationFailed();
    const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
    // With attestation 'none' nothing signs the authenticator data: its credential id must at
    // least be the one the response names.
    if (credential.id !== (response as { id: string }).id) throw verificationFailed();
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      signCount: credential.counter,
      transports: credential.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
    };
  }

  /**
   * Verifies an assertion's signature, challenge, origin, RP ID and user verification, and gives
   * the counter it carries. The counter is not compared here: the caller compares it with the
   * stored one under the user's row lock, where two sign-ins cannot both pass.
   */
  async verifyAssertion(
    response: AuthenticationResponseJSON,
    challenge: string,
    stored: { credentialId: string; publicKey: Buffer; transports: string[] },
  ): Promise<{ signCount: number; backedUp: boolean }> {
    const credential: WebAuthnCredential = {
      id: stored.credentialId,
      publicKey: new Uint8Array(stored.publicKey),
      counter: 0,
      transports: stored.transports as WebAuthnCredential['transports'],
    };
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: this.relyingParty.origins,
      expectedRPID: this.relyingParty.rpId,
      credential,
      requireUserVerification: true,
    }).catch((error: unknown) => {
      throw verificationFailed(error);
    });
    if (!verified.verified) throw verificationFailed();
    const { newCounter, credentialBackedUp } = verified.authenticationInfo;
    return { signCount: newCounter, backedUp: credentialBackedUp };
  }

  private keep(record: CeremonyRecord): Promise<string> {
    return this.store.keep(record, CEREMONY_SECONDS);
  }
}

/**
 * A response as the browser library makes it: an object with a string `id` and an object
 * `response`. Anything else is refused before the verifier sees it.
 */
export function asResponse<T extends { id: string; response: object }>(value: unknown): T {
  const candidate = value as { id?: unknown; response?: unknown } | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.id !== 'string' ||
    candidate.id.length === 0 ||
    candidate.id.length > 1400 ||
    typeof candidate.response !== 'object' ||
    candidate.response === null
  )
    throw verificationFailed();
  return value as T;
}
