import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { IdpConfig } from '../../../shared/db/entities/index.js';
import { secretKeyOf } from '../../../shared/credentials/secret-key.js';
import { decryptSecret, encryptSecret } from '../credentials/otp-secret.js';
import type { Dependencies } from '../operations/operation.js';
import type { UpstreamClient } from './upstream-client.js';

/** Where a provider sends the browser back once it ended its session: registered there. */
export const IDP_SIGNED_OUT_PATH = '/ui/login/idp/signed-out';

/**
 * The browser's reference to the provider's ID token kept for its session with us (HttpOnly,
 * SameSite=Lax, sent to the end-session path alone): a random id, not the token.
 */
export const IDP_SIGN_OUT_COOKIE = 'idp_sign_out';

/** How long the person may take at the provider's sign-out before the way back is forgotten. */
const RETURN_SECONDS = 3600;

/** Records kept server-side under an id (oidc_payloads, filed by the id's keyed hash). */
export interface KeptRecords {
  upsert(id: string, payload: object, expiresIn: number): Promise<void>;
  find(id: string): Promise<object | undefined | void>;
  destroy(id: string): Promise<void>;
}

/**
 * A provider's ID token kept to end the person's session there: sealed under the secret key,
 * with the issuer and client it was issued by and to (a provider reconfigured to another is not
 * sent it), and, once the sign-in ended, the person (`accountId`, so that it ends with their
 * access, as their sessions do).
 */
interface KeptToken {
  idpId: string;
  issuer: string;
  clientId: string;
  sealed: string;
  accountId?: string;
}

/** What ending our session at the provider too came to. */
export interface Away {
  /** The provider's end-session URL to send the browser to; none: on as oidc-provider said. */
  url?: URL;
  /** The browser's reference was used up (or named nothing): its cookie is to be removed. */
  used: boolean;
}

/**
 * Signing out at the identity provider a person signed in through (`signOutAtProvider` of an
 * OpenID Connect provider whose metadata has an `end_session_endpoint`): its ID token is kept
 * for the interaction from the provider's answer, then, the sign-in ended, for our session under
 * a random reference the browser holds; when the person ends our session, the browser goes to
 * the provider's end-session with it (`id_token_hint`) and a `state` naming where it was going,
 * and comes back by IDP_SIGNED_OUT_PATH to go on there. Each record is used once. Knows no page
 * and no cookie.
 */
export class UpstreamSignOut {
  private readonly key: Buffer;
  private readonly signedOutUri: string;
  private readonly answered: KeptRecords;
  private readonly sessions: KeptRecords;
  private readonly returns: KeptRecords;

  constructor(
    private readonly deps: Dependencies,
    stores: (model: string) => KeptRecords,
    private readonly upstream: UpstreamClient,
  ) {
    this.key = secretKeyOf(deps.config);
    this.signedOutUri = `${deps.config.publicUrl.replace(/\/$/, '')}${IDP_SIGNED_OUT_PATH}`;
    this.answered = stores('IdpIdTokenOfSignIn');
    this.sessions = stores('IdpIdTokenOfSession');
    this.returns = stores('IdpSignOutReturn');
  }

  /**
   * Provider `idp` answered interaction `uid` with `idToken`: kept for `seconds` (the
   * interaction's) when its configuration asks to sign out there and it can; otherwise what an
   * earlier answer within the interaction kept is forgotten.
   */
  async providerAnswered(
    uid: string,
    idp: IdpConfig,
    idToken: string | undefined,
    seconds: number,
  ): Promise<void> {
    if (!idToken || !idp.signOutAtProvider || !(await this.endsSessions(idp)))
      return this.answered.destroy(uid);
    const sealed = encryptSecret(this.key, Buffer.from(idToken)).toString('base64');
    const kept: KeptToken = {
      idpId: idp.id,
      issuer: idp.issuer ?? '',
      clientId: idp.clientId ?? '',
      sealed,
    };
    await this.answered.upsert(uid, kept, seconds);
  }

  /**
   * The sign-in of interaction `uid` ended with `userId` signed in (through provider `idpId`):
   * the reference for the browser when that provider's ID token was kept, now kept for the
   * session; none otherwise. Either way the interaction's is forgotten.
   */
  async signedIn(uid: string, userId: string, idpId: string | undefined, seconds: number) {
    const kept = (await this.answered.find(uid)) as KeptToken | undefined;
    if (!kept) return undefined;
    await this.answered.destroy(uid);
    if (kept.idpId !== idpId) return undefined;
    const reference = randomBytes(32).toString('base64url');
    await this.sessions.upsert(reference, { ...kept, accountId: userId }, seconds);
    return reference;
  }

  /**
   * The session of `accountId` ended, the browser on its way to `destination`, holding
   * `reference`: the provider's end-session URL when the token it names is this person's and
   * the provider still asks for it (its configuration, issuer and client as at the sign-in, its
   * metadata with an end-session endpoint); the way back kept under the URL's `state`. A token
   * of another person (an earlier session's, while this one signs in) is left as it is.
   */
  async away(reference: string, accountId: string, destination: string): Promise<Away> {
    const kept = (await this.sessions.find(reference)) as KeptToken | undefined;
    if (kept && kept.accountId !== accountId) return { used: false };
    if (!kept) return { used: true };
    await this.sessions.destroy(reference);
    const idp = await this.deps.dataSource.getRepository(IdpConfig).findOneBy({ id: kept.idpId });
    const asks =
      idp?.signOutAtProvider && idp.issuer === kept.issuer && idp.clientId === kept.clientId;
    if (!asks) return { used: true };
    const state = oidc.randomState();
    const url = await this.upstream.endSessionUrl(idp, {
      idTokenHint: decryptSecret(this.key, Buffer.from(kept.sealed, 'base64')).toString('utf8'),
      postLogoutRedirectUri: this.signedOutUri,
      state,
    });
    if (!url) return { used: true };
    await this.returns.upsert(state, { destination }, RETURN_SECONDS);
    return { url, used: true };
  }

  /** Where the browser back from a provider's end-session goes on to: its `state`'s, once. */
  async back(state: string): Promise<string | undefined> {
    if (!state) return undefined;
    const kept = (await this.returns.find(state)) as { destination: string } | undefined;
    if (!kept) return undefined;
    await this.returns.destroy(state);
    return kept.destination;
  }

  /** Whether the provider's metadata has an end-session endpoint; false when out of reach. */
  private async endsSessions(idp: IdpConfig): Promise<boolean> {
    try {
      return await this.upstream.endsSessions(idp);
    } catch {
      return false;
    }
  }
}
