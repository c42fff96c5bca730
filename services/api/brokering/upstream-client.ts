import * as oidc from 'openid-client';
import type { IdpConfig } from '../../../shared/db/entities/index.js';
import { decryptSecret } from '../credentials/otp-secret.js';

/** What the callback of one authorization request is checked against; kept server-side. */
export interface AuthorizationChecks {
  state: string;
  /** OpenID Connect only: the ID token must carry it. */
  nonce?: string;
  /** The PKCE code verifier (S256), when the provider's configuration uses PKCE. */
  verifier?: string;
}

/** What a provider said of the person: its subject, and its claims as it gave them. */
export interface UpstreamIdentity {
  subject: string;
  claims: Record<string, unknown>;
  /** OpenID Connect only: the ID token as the provider issued it (for its end-session; never logged). */
  idToken?: string;
}

/** How long a request to a provider (discovery, token, userinfo, user endpoint) may take. */
const TIMEOUT_SECONDS = 10;

/** The scopes of an OpenID Connect provider whose configuration names none. */
const DEFAULT_OIDC_SCOPES = ['openid', 'profile', 'email'];

/** Host names that are this machine: the only ones a provider may be reached at over plain http. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A provider's address that may not be used: plain http to another machine (a code, a token and
 * the person's claims would cross the network in clear).
 */
export class InsecureProviderAddress extends Error {
  override name = 'InsecureProviderAddress';
}

/**
 * Toward the identity providers, through openid-client: OpenID Connect providers found by
 * discovery, OAuth 2.0 providers from their configured endpoints; the authorization code flow
 * with `state`, a `nonce` (OpenID Connect), PKCE S256 when the configuration says so (the
 * default), and the RFC 9207 `iss` of the authorization response checked by openid-client: a
 * wrong one is always refused, a missing one when the provider's metadata says it sends it. Each
 * provider's openid-client configuration is kept per configuration id and sequence, so a change
 * of the configuration is used at the next sign-in. Knows no page and no database.
 */
export class UpstreamClient {
  private readonly configurations = new Map<
    string,
    { sequence: string; configuration: Promise<oidc.Configuration> }
  >();

  constructor(
    private readonly secretKey: Buffer,
    /** The one redirect URI every provider sends the person back to. */
    private readonly redirectUri: string,
  ) {}

  /** Where to send the person, and what the callback will be checked against. */
  async authorizationUrl(idp: IdpConfig): Promise<{ url: URL; checks: AuthorizationChecks }> {
    const configuration = await this.configurationOf(idp);
    const checks: AuthorizationChecks = {
      state: oidc.randomState(),
      ...(idp.type === 'oidc' && { nonce: oidc.randomNonce() }),
      ...(idp.usePkce && { verifier: oidc.randomPKCECodeVerifier() }),
    };
    const parameters: Record<string, string> = {
      redirect_uri: this.redirectUri,
      response_type: 'code',
      state: checks.state,
    };
    const scope = scopesOf(idp).join(' ');
    if (scope) parameters.scope = scope;
    if (checks.nonce) parameters.nonce = checks.nonce;
    if (checks.verifier) {
      parameters.code_challenge = await oidc.calculatePKCECodeChallenge(checks.verifier);
      parameters.code_challenge_method = 'S256';
    }
    return { url: oidc.buildAuthorizationUrl(configuration, parameters), checks };
  }

  /**
   * The person the provider's callback (its query, `response`) names: the authorization
   * response checked (`iss`, `state`, an error), the code exchanged (with the PKCE verifier), the
   * ID token checked (signature, issuer, audience, nonce); then the subject and claims from the
   * ID token (`isIdTokenMapping`) or userinfo (its `sub` must be the ID token's), or, for OAuth,
   * from the user endpoint's JSON, the subject its `idAttribute`.
   */
  async identity(
    idp: IdpConfig,
    response: URLSearchParams,
    checks: AuthorizationChecks,
  ): Promise<UpstreamIdentity> {
    const configuration = await this.configurationOf(idp);
    // The URL the provider sent the person to, as it was in the request (the token request's
    // redirect_uri is made from it).
    const callback = new URL(this.redirectUri);
    callback.search = response.toString();
    const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
      expectedState: checks.state,
      ...(checks.nonce && { expectedNonce: checks.nonce }),
      ...(checks.verifier && { pkceCodeVerifier: checks.verifier }),
      idTokenExpected: idp.type === 'oidc',
    });
    if (idp.type === 'oidc') {
      const idToken = tokens.claims()!;
      const raw = { idToken: tokens.id_token! };
      if (idp.isIdTokenMapping) return { subject: idToken.sub, claims: { ...idToken }, ...raw };
      const info = await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
      return { subject: idToken.sub, claims: { ...info }, ...raw };
    }
    const answer = await oidc.fetchProtectedResource(
      configuration,
      tokens.access_token,
      new URL(idp.userEndpoint!),
      'GET',
    );
    if (!answer.ok) throw new Error(`the user endpoint answered ${answer.status}`);
    const claims = (await answer.json()) as Record<string, unknown>;
    const subject = claims[idp.idAttribute || 'id'];
    if ((typeof subject !== 'string' || subject === '') && typeof subject !== 'number')
      throw new Error(`the user endpoint's answer has no "${idp.idAttribute || 'id'}"`);
    return { subject: String(subject), claims };
  }

  /**
   * Where to send the browser to end the person's session at an OpenID Connect provider (its
   * `end_session_endpoint`, with `id_token_hint`, its `client_id`, `post_logout_redirect_uri`
   * and `state`); none when it is not OpenID Connect or its metadata has no such endpoint.
   */
  async endSessionUrl(
    idp: IdpConfig,
    parameters: { idTokenHint: string; postLogoutRedirectUri: string; state: string },
  ): Promise<URL | undefined> {
    if (!(await this.endsSessions(idp))) return undefined;
    return oidc.buildEndSessionUrl(await this.configurationOf(idp), {
      id_token_hint: parameters.idTokenHint,
      client_id: idp.clientId ?? '',
      post_logout_redirect_uri: parameters.postLogoutRedirectUri,
      state: parameters.state,
    });
  }

  /** Whether the provider is OpenID Connect and its metadata names an `end_session_endpoint`. */
  async endsSessions(idp: IdpConfig): Promise<boolean> {
    if (idp.type !== 'oidc') return false;
    const { end_session_endpoint } = (await this.configurationOf(idp)).serverMetadata();
    return typeof end_session_endpoint === 'string' && end_session_endpoint !== '';
  }

  /** The provider's openid-client configuration, made once per configuration id and sequence. */
  private configurationOf(idp: IdpConfig): Promise<oidc.Configuration> {
    const kept = this.configurations.get(idp.id);
    if (kept?.sequence === idp.sequence) return kept.configuration;
    const configuration = this.configure(idp);
    this.configurations.set(idp.id, { sequence: idp.sequence, configuration });
    // A failure (a provider out of reach) is not kept: the next sign-in tries again.
    configuration.catch(() => {
      if (this.configurations.get(idp.id)?.configuration === configuration)
        this.configurations.delete(idp.id);
    });
    return configuration;
  }

  private async configure(idp: IdpConfig): Promise<oidc.Configuration> {
    const secret = idp.clientSecretSealed
      ? decryptSecret(this.secretKey, Buffer.from(idp.clientSecretSealed)).toString('utf8')
      : undefined;
    const clientId = idp.clientId ?? '';
    if (idp.type === 'oidc') {
      const issuer = new URL(idp.issuer ?? '');
      const insecure = plainHttpAllowed([issuer]);
      const configuration = await oidc.discovery(issuer, clientId, undefined, undefined, {
        ...(insecure && { execute: [oidc.allowInsecureRequests] }),
        timeout: TIMEOUT_SECONDS,
      });
      // The client authentication its metadata offers: the Authorization header by default
      // (OpenID Connect Core 9), the form body where only that is offered.
      const methods = configuration.serverMetadata().token_endpoint_auth_methods_supported;
      const post = methods !== undefined && !methods.includes('client_secret_basic');
      return withClientAuthentication(configuration, secret, post, insecure);
    }
    const endpoints = [idp.authorizationEndpoint, idp.tokenEndpoint, idp.userEndpoint].map(
      (endpoint) => new URL(endpoint ?? ''),
    );
    const [authorization, token] = endpoints;
    const insecure = plainHttpAllowed(endpoints);
    // An OAuth 2.0 provider has no metadata: its issuer (what an `iss` in its authorization
    // response must be) is the configured one, else its authorization endpoint's origin.
    const server: oidc.ServerMetadata = {
      issuer: idp.issuer || authorization!.origin,
      authorization_endpoint: authorization!.href,
      token_endpoint: token!.href,
    };
    return withClientAuthentication(
      new oidc.Configuration(server, clientId),
      secret,
      true,
      insecure,
    );
  }
}

/** The scopes to ask for: the configured ones; an OpenID Connect provider's always with `openid`. */
function scopesOf(idp: IdpConfig): string[] {
  const configured = (idp.scopes ?? []).filter((scope) => scope !== '');
  if (idp.type !== 'oidc') return configured;
  const scopes = configured.length > 0 ? configured : DEFAULT_OIDC_SCOPES;
  return scopes.includes('openid') ? scopes : ['openid', ...scopes];
}

/**
 * Whether requests may go over plain http: only to this machine (a provider in a test or beside
 * the service). Plain http elsewhere is refused; https is what every other provider must use.
 */
function plainHttpAllowed(addresses: URL[]): boolean {
  const plain = addresses.filter((address) => address.protocol === 'http:');
  if (plain.some((address) => !LOOPBACK.has(address.hostname)))
    throw new InsecureProviderAddress('a provider is reached over https, or http on loopback');
  if (addresses.some((address) => !['http:', 'https:'].includes(address.protocol)))
    throw new InsecureProviderAddress('a provider is reached over https');
  return plain.length > 0;
}

/** The configuration with the client's secret sent as `post` says, and plain http if allowed. */
function withClientAuthentication(
  discovered: oidc.Configuration,
  secret: string | undefined,
  post: boolean,
  insecure: boolean,
): oidc.Configuration {
  const auth =
    secret === undefined
      ? oidc.None()
      : post
        ? oidc.ClientSecretPost(secret)
        : oidc.ClientSecretBasic(secret);
  const configuration = new oidc.Configuration(
    discovered.serverMetadata(),
    discovered.clientMetadata().client_id,
    undefined,
    auth,
  );
  configuration.timeout = TIMEOUT_SECONDS;
  if (insecure) oidc.allowInsecureRequests(configuration);
  return configuration;
}
