import * as oidc from 'openid-client';
import { createClient } from '../../services/api/oidc/clients.js';
import { freePort } from './api-process.js';
import type { TestService } from './test-service.js';

/** Where the test clients' authorizations end: a port nothing listens on. */
export const REDIRECT_URI = 'http://127.0.0.1:1/callback';

/** A TestService's env whose PUBLIC_URL is where it listens. */
export async function publicUrlEnv(): Promise<Record<string, string>> {
  const port = await freePort();
  return { HTTP_PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` };
}

/**
 * A relying party we did not write (openid-client), of a confidential client registered as
 * `identityctl client create` registers one.
 */
export async function relyingParty(
  service: TestService,
  redirectUri = REDIRECT_URI,
): Promise<oidc.Configuration> {
  const { clientId, clientSecret } = await createClient(service.dataSource, service.config, {
    name: 'Test app',
    redirectUris: [redirectUri],
    confidential: true,
  });
  return discoveredClient(service.config.publicUrl, clientId, clientSecret!);
}

/** openid-client's view of a confidential client at the provider `issuer` (over plain http). */
export function discoveredClient(
  issuer: string,
  clientId: string,
  clientSecret: string,
): Promise<oidc.Configuration> {
  return oidc.discovery(
    new URL(issuer),
    clientId,
    undefined,
    oidc.ClientSecretBasic(clientSecret),
    { execute: [oidc.allowInsecureRequests] },
  );
}

/** Starts a code flow with PKCE: the URL to open and what the callback is checked against. */
export async function authorization(
  client: oidc.Configuration,
  redirectUri = REDIRECT_URI,
  scope = 'openid profile email',
) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: redirectUri,
    scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  return { url: url.href, checks: { pkceCodeVerifier: verifier, expectedState: state } };
}

/**
 * PUBLIC_URL on `localhost` (a free port): what passkeys need, since a WebAuthn RP ID is a
 * domain, never an IP address. Chromium treats http://localhost as a secure context.
 */
export async function localhostUrlEnv(): Promise<Record<string, string>> {
  const port = await freePort();
  return { HTTP_PORT: String(port), PUBLIC_URL: `http://localhost:${port}` };
}
