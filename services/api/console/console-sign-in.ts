import * as oidc from 'openid-client';
import type { Config } from '../../../shared/config/config.js';
import { CONSOLE_CLIENT_ID, consoleUrls } from '../oidc/clients.js';
import { apiResource } from '../oidc/oidc-paths.js';
import type { ConsoleSession, SignInFlow } from './console-session.js';

/** Renewed this long before it runs out, so that a page's calls do not meet an expired token. */
const RENEW_BEFORE_MS = 30_000;

/**
 * The console's side of its sign-in, with openid-client as the built-in public client `console`:
 * the code flow with PKCE, state and nonce through this service's own provider, the access token
 * asked for the API's resource (so that the operations accept it), renewed with the refresh
 * token, and the provider's sign-out. The provider is reached on this process's own listener
 * (`localOrigin`, once it listens) under the addresses its discovery names (PUBLIC_URL's), which
 * need not resolve from inside the deployment.
 */
export function consoleSignIn(config: Config, localOrigin: () => string) {
  const issuer = new URL(config.publicUrl);
  const urls = consoleUrls(config.publicUrl);
  let found: Promise<oidc.Configuration> | undefined;

  const loopback: oidc.CustomFetch = (url, options) => {
    const target = new URL(url);
    const local = new URL(localOrigin());
    target.protocol = local.protocol;
    target.host = local.host;
    return fetch(target, options as RequestInit);
  };

  const configuration = () => {
    found ??= oidc
      .discovery(issuer, CONSOLE_CLIENT_ID, undefined, oidc.None(), {
        [oidc.customFetch]: loopback,
        ...(issuer.protocol === 'http:' && { execute: [oidc.allowInsecureRequests] }),
      })
      .then((found) => {
        found[oidc.customFetch] = loopback;
        return found;
      })
      .catch((error: unknown) => {
        found = undefined;
        throw error;
      });
    return found;
  };

  const sessionOf = (tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers) => {
    const claims = tokens.claims();
    return {
      accessToken: tokens.access_token,
      ...(tokens.refresh_token && { refreshToken: tokens.refresh_token }),
      idToken: tokens.id_token ?? '',
      expiresAt: Date.now() + (tokens.expiresIn() ?? 0) * 1000,
      name: String(claims?.preferred_username ?? claims?.name ?? claims?.sub ?? ''),
    };
  };

  return {
    /** A new sign-in: the flow to keep in the browser, and the provider's address to send it to. */
    async begin(next: string): Promise<{ flow: SignInFlow; url: string }> {
      const flow: SignInFlow = {
        verifier: oidc.randomPKCECodeVerifier(),
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        next,
      };
      const url = oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: urls.redirect,
        scope: 'openid profile email offline_access',
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { flow, url: url.href };
    },

    /** The provider's answer at the callback (`query`: its parameters) made a session. */
    async finish(flow: SignInFlow, query: URLSearchParams): Promise<ConsoleSession> {
      const landed = new URL(urls.redirect);
      landed.search = query.toString();
      const tokens = await oidc.authorizationCodeGrant(
        await configuration(),
        landed,
        {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        },
        { resource: apiResource(config) },
      );
      return sessionOf(tokens);
    },

    /**
     * The session with an access token that does not run out within RENEW_BEFORE_MS: `session`
     * itself, or renewed with its refresh token; none when it cannot be (sign in again).
     */
    async current(session: ConsoleSession): Promise<ConsoleSession | undefined> {
      if (session.expiresAt - RENEW_BEFORE_MS > Date.now()) return session;
      if (!session.refreshToken) return undefined;
      try {
        const tokens = await oidc.refreshTokenGrant(await configuration(), session.refreshToken, {
          resource: apiResource(config),
        });
        const renewed = sessionOf(tokens);
        return {
          ...renewed,
          idToken: renewed.idToken || session.idToken,
          name: renewed.name || session.name,
        };
      } catch {
        return undefined;
      }
    },

    /** The provider's sign-out, which comes back to the console's first page. */
    async signOutUrl(session: ConsoleSession | undefined): Promise<string> {
      return oidc.buildEndSessionUrl(await configuration(), {
        post_logout_redirect_uri: urls.home,
        ...(session?.idToken && { id_token_hint: session.idToken }),
      }).href;
    },
  };
}

export type ConsoleSignIn = ReturnType<typeof consoleSignIn>;
