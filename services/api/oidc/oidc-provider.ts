import { hkdfSync } from 'node:crypto';
import type { JWK } from 'jose';
import Provider, {
  errors,
  type Account,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';
import { consoleClient, profilePageClient, readClient } from './clients.js';
import { recordSignIn } from '../accounts/sign-in-records.js';
import { secretKeyOf } from '../../../shared/credentials/secret-key.js';
import { databaseAdapter } from './oidc-adapter.js';
import { browserRoutesOverHttps } from './browser-routes-over-https.js';
import { introspectedSubject } from './introspected-subject.js';
import { recordingSignedInSessions } from './account-sessions.js';
import { pinToPublicUrl } from './pinned-urls.js';
import { storedIdOf } from './stored-ids.js';
import { isMachineClientId, machineClient, type MachineClientAuth } from './machine-clients.js';
import {
  apiResource,
  END_SESSION_PATH,
  INTERACTION_PREFIX,
  OIDC_PREFIX,
  SESSION_SECONDS,
} from './oidc-paths.js';
import {
  accessTokenRoleClaims,
  APPLICATION_METADATA,
  policyWithProjectChecks,
  ROLES_CLAIM,
  userinfoWithProjectClaim,
  withProjectAccess,
} from './project-checks.js';

const ROUTES = {
  authorization: `${OIDC_PREFIX}/auth`,
  token: `${OIDC_PREFIX}/token`,
  userinfo: `${OIDC_PREFIX}/me`,
  jwks: `${OIDC_PREFIX}/jwks`,
  end_session: END_SESSION_PATH,
  revocation: `${OIDC_PREFIX}/revoke`,
  introspection: `${OIDC_PREFIX}/introspect`,
  pushed_authorization_request: `${OIDC_PREFIX}/request`,
  code_verification: `${OIDC_PREFIX}/device`,
  device_authorization: `${OIDC_PREFIX}/device/auth`,
  registration: `${OIDC_PREFIX}/reg`,
  backchannel_authentication: `${OIDC_PREFIX}/backchannel`,
  challenge: `${OIDC_PREFIX}/challenge`,
} as const;

/** The endpoints machines POST to, which the provider answers in JSON: the provider lane's. */
export const MACHINE_ENDPOINTS = [ROUTES.token, ROUTES.introspection, ROUTES.revocation];

const API_SCOPES = 'openid profile email offline_access';

/** The longest a client assertion (private_key_jwt) may live, from its `iat` to its `exp`. */
const MAX_ASSERTION_SECONDS = 600;

/** How the token request at hand authenticates its client: which record of a machine to offer. */
function machineAuthOf(ctx: KoaContextWithOIDC | undefined): MachineClientAuth {
  return ctx?.oidc?.params?.client_assertion !== undefined ? 'private_key_jwt' : 'client_secret';
}

/**
 * The OpenID Connect provider at `PUBLIC_URL`: authorization code with PKCE (S256) and refresh
 * tokens, userinfo, RP-initiated logout, keys from the signing key, state in the database.
 */
/**
 * The provider's own pages, rendered by the sign-in pages' kit (the provider knows no page):
 * the sign-out question around the provider's hidden `form`, the signed-out page, and an error.
 */
export interface ProviderPages {
  signOut(acceptLanguage: string | undefined, form: string): string;
  signedOut(acceptLanguage: string | undefined): string;
  error(
    acceptLanguage: string | undefined,
    out: { error: string; error_description?: string },
  ): string;
}

export function createOidcProvider(
  config: Config,
  dataSource: DataSource,
  signingJwk: JWK,
  pages: ProviderPages,
): Provider {
  const secure = config.publicUrl.startsWith('https:');
  const cookie = { httpOnly: true, sameSite: 'lax', secure } as const;
  const configuration: Configuration = {
    adapter: databaseAdapter(dataSource, {
      storedId: storedIdOf(secretKeyOf(config)),
      read: (model, payload) => (model === 'Client' ? readClient(config, payload) : payload),
      clients: {
        owns: isMachineClientId,
        find: (id) => machineClient(dataSource, config, id, machineAuthOf(Provider.ctx)),
      },
      replayed: () =>
        new errors.InvalidClientAuth('client assertion tokens must only be used once'),
    }),
    clients: [profilePageClient(config.publicUrl), consoleClient(config.publicUrl)],
    // An application's record ties it to its project (clients.ts writes it).
    extraClientMetadata: { properties: APPLICATION_METADATA },
    // ID tokens are signed with the one signing key, whatever its algorithm.
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      id_token_signed_response_alg: signingJwk.alg as 'ES256',
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
    // What every client can use, and nothing more, so that discovery offers only that: the code
    // flow (no implicit or hybrid response types, hence no `implicit` grant), and a client's
    // secret in the Authorization header or, for a public client, none. A machine user's client
    // also sends its secret in the form body, or a signed assertion (private_key_jwt).
    responseTypes: ['code'],
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'],
    enabledJWA: { clientAuthSigningAlgValues: ['RS256', 'PS256', 'ES256', 'ES384', 'EdDSA'] },
    // A client assertion lives at most this long, so that its id need not be kept for long.
    assertJwtClientAuthClaimsAndHeader: async (_ctx, claims) => {
      const issuedAt = typeof claims.iat === 'number' ? claims.iat : Date.now() / 1000;
      if ((claims.exp as number) - issuedAt > MAX_ASSERTION_SECONDS)
        throw new errors.InvalidClientAuth(
          `client assertions must expire within ${MAX_ASSERTION_SECONDS} s of their issue`,
        );
    },
    jwks: { keys: [signingJwk as never] },
    cookies: { keys: [cookieKey(config)], long: cookie, short: cookie },
    routes: ROUTES,
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: {
      openid: ['sub', ROLES_CLAIM],
      profile: ['name', 'given_name', 'family_name', 'nickname', 'preferred_username', 'locale'],
      email: ['email', 'email_verified'],
    },
    pkce: { required: () => true },
    // Browsers may call the token and userinfo endpoints from this origin and from CORS_ORIGINS.
    clientBasedCORS: (_ctx, origin) =>
      origin === new URL(config.publicUrl).origin ||
      config.corsOrigins.includes('*') ||
      config.corsOrigins.includes(origin),
    // Off, not only unused: pushed authorization requests and DPoP (the API takes bearer tokens
    // and checks no proof, so a DPoP-bound token would be a bearer one all the same).
    features: {
      // Machine users get access tokens for themselves; they are opaque (a JWT cannot be
      // revoked), and the provider's own introspection and revocation take them.
      clientCredentials: { enabled: true },
      introspection: {
        enabled: true,
        // A client looks into its own tokens only.
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      revocation: {
        enabled: true,
        // A client revokes its own tokens only; another's is refused (RFC 7009, 2.1).
        allowedPolicy: async (_ctx, client, token) => {
          if (token.clientId === client.clientId) return true;
          throw new errors.InvalidRequest('client is not authorized to revoke the presented token');
        },
      },
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.body = pages.signOut(ctx.get('accept-language'), form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.body = pages.signedOut(ctx.get('accept-language'));
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx, _client, oneOf) => oneOf ?? apiResource(config),
        useGrantedResource: () => false,
        getResourceServerInfo: (_ctx, indicator, client) => {
          if (indicator !== apiResource(config)) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPES,
            audience: config.auth.audience,
            accessTokenFormat: isMachineClientId(client.clientId) ? 'opaque' : 'jwt',
            accessTokenTTL: 600,
            jwt: { sign: { alg: signingJwk.alg as 'ES256' } },
          };
        },
      },
    },
    // First-party clients only: refresh tokens without asking for offline access, rotated for
    // public clients (the provider's default).
    // The API's tokens say when the person signed in (`auth_time`): adding a passkey asks for a
    // recent sign-in.
    // They name the session they come from (`sid`, the session's uid, which ListMyUserSessions
    // answers as its id), so that the account page knows which session is its own.
    // An application's JWT access tokens carry the user's roles of its project when it asks.
    extraTokenClaims: async (ctx, token) => {
      const { AuthorizationCode, RefreshToken } = ctx.oidc.entities;
      const authTime = AuthorizationCode?.authTime ?? RefreshToken?.authTime;
      const sessionUid = AuthorizationCode?.sessionUid ?? RefreshToken?.sessionUid;
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const roles = await accessTokenRoleClaims(dataSource, ctx.oidc.client, accountId);
      return {
        ...(authTime && { auth_time: authTime }),
        ...(sessionUid && { sid: sessionUid }),
        ...roles,
      };
    },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    loadExistingGrant: grantEverythingAsked,
    // The application's project is checked at every authorization and every refresh.
    findAccount: async (ctx, sub, token) =>
      withProjectAccess(dataSource, ctx, await findAccount(dataSource, sub), token),
    interactions: {
      policy: policyWithProjectChecks(dataSource, (userId, clientId, reason) =>
        recordSignIn(dataSource, userId, { succeeded: false, clientId, reason }),
      ),
      url: (_ctx, interaction) => `${INTERACTION_PREFIX}/${interaction.uid}`,
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = pages.error(ctx.get('accept-language'), out);
    },
    ttl: {
      AccessToken: 600,
      ClientCredentials: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 3600,
      Session: SESSION_SECONDS,
      Grant: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
  };
  const provider = new Provider(config.publicUrl, configuration);
  pinToPublicUrl(provider, config.publicUrl);
  // Served over plain HTTP: under an https PUBLIC_URL a TLS-terminating proxy is in front, and
  // its X-Forwarded-Proto says the request was secure (so Secure cookies can be set).
  provider.proxy = secure;
  provider.use(browserRoutesOverHttps(config.publicUrl, pages.error));
  provider.use(userinfoWithProjectClaim);
  provider.use(introspectedSubject(dataSource));
  provider.use(recordingSignedInSessions(dataSource));
  return provider;
}

/** The cookies' signing key, drawn from the secret key (so no setting of its own). */
function cookieKey(config: Config): string {
  return Buffer.from(
    hkdfSync('sha256', secretKeyOf(config), '', 'identity oidc cookies', 32),
  ).toString('base64url');
}

/**
 * Every client here is first-party: the grant covers whatever the request asks, so there is no
 * consent screen.
 */
async function grantEverythingAsked(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(oidc.client!.clientId);
  const grant =
    (grantId ? await oidc.provider.Grant.find(grantId) : undefined) ??
    new oidc.provider.Grant({
      clientId: oidc.client!.clientId,
      accountId: oidc.session!.accountId,
    });
  grant.addOIDCScope([...oidc.requestParamOIDCScopes].join(' '));
  for (const [indicator, server] of Object.entries(oidc.resourceServers ?? {}))
    grant.addResourceScope(indicator, server.scope);
  await grant.save();
  return grant;
}

interface AccountRow {
  id: string;
  user_name: string;
  first_name: string;
  last_name: string;
  nick_name: string | null;
  display_name: string;
  preferred_language: string | null;
  email: string;
  email_verified: number | boolean;
}

/** An active user of an active organization, with the profile and email claims. */
async function findAccount(dataSource: DataSource, sub: string): Promise<Account | undefined> {
  const rows: AccountRow[] = await dataSource.query(
    `SELECT u.id, u.user_name, u.first_name, u.last_name, u.nick_name, u.display_name,
            u.preferred_language, u.email, u.email_verified
       FROM users u JOIN organizations o ON o.id = u.org_id
      WHERE u.id = ? AND u.state = 'active' AND o.state = 'active'`,
    [sub],
  );
  const user = rows[0];
  if (!user) return undefined;
  return {
    accountId: user.id,
    claims: () => ({
      sub: user.id,
      name: user.display_name,
      given_name: user.first_name,
      family_name: user.last_name,
      ...(user.nick_name && { nickname: user.nick_name }),
      preferred_username: user.user_name,
      ...(user.preferred_language && { locale: user.preferred_language }),
      email: user.email,
      email_verified: Boolean(user.email_verified),
    }),
  };
}
