/**
 * The profile page's sign-in: the code flow with PKCE through this service's OpenID provider, as
 * the built-in public client `profile-page` (oauth4webapi). The access token is asked for the
 * API's resource (the issuer's URL), so the operations accept it; the ID token says who it is.
 */
import * as oauth from 'oauth4webapi';

const CLIENT: oauth.Client = { client_id: 'profile-page' };
const FLOW_KEY = 'identity.profile.flow';
const SESSION_KEY = 'identity.profile.session';

export interface Session {
  accessToken: string;
  idToken: string;
  /** The user's name as the ID token gives it. */
  name: string;
}

/** The provider as its discovery on this origin describes it. */
async function provider(): Promise<{ as: oauth.AuthorizationServer; insecure: boolean }> {
  const discovery = new URL('/.well-known/openid-configuration', location.origin);
  const document = (await (await fetch(discovery)).json()) as { issuer: string };
  const issuer = new URL(document.issuer);
  // http is for a service on this machine (PUBLIC_URL http://localhost:…).
  const insecure = issuer.protocol === 'http:';
  const response = await oauth.discoveryRequest(issuer, {
    [oauth.allowInsecureRequests]: insecure,
  });
  return { as: await oauth.processDiscoveryResponse(issuer, response), insecure };
}

const redirectUri = (as: oauth.AuthorizationServer) => `${as.issuer.replace(/\/$/, '')}/ui/profile`;

/**
 * Sends the browser to the provider's sign-in; `maxAge: 0` asks for a new sign-in even with a
 * session there (the re-authentication that adding a passkey needs).
 */
export async function startSignIn(options: { maxAge?: number } = {}): Promise<void> {
  const { as } = await provider();
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  sessionStorage.setItem(FLOW_KEY, JSON.stringify({ verifier, state }));
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: CLIENT.client_id,
    redirect_uri: redirectUri(as),
    response_type: 'code',
    scope: 'openid profile email',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...(options.maxAge !== undefined && { max_age: String(options.maxAge) }),
  }).toString();
  location.assign(url.href);
}

/**
 * The signed-in session: finished from the provider's redirect (`?code=…` on this page, then
 * taken off the address), or the one kept for this tab, or none.
 */
export async function currentSession(): Promise<Session | undefined> {
  const here = new URL(location.href);
  if (!here.searchParams.has('code') && !here.searchParams.has('error')) {
    const kept = sessionStorage.getItem(SESSION_KEY);
    return kept ? (JSON.parse(kept) as Session) : undefined;
  }
  const flow = JSON.parse(sessionStorage.getItem(FLOW_KEY) ?? '{}') as {
    verifier?: string;
    state?: string;
  };
  sessionStorage.removeItem(FLOW_KEY);
  history.replaceState(null, '', here.pathname);
  const { as, insecure } = await provider();
  const parameters = oauth.validateAuthResponse(as, CLIENT, here, flow.state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    CLIENT,
    oauth.None(),
    parameters,
    redirectUri(as),
    flow.verifier ?? '',
    { [oauth.allowInsecureRequests]: insecure, additionalParameters: { resource: as.issuer } },
  );
  const result = await oauth.processAuthorizationCodeResponse(as, CLIENT, response);
  const claims = oauth.getValidatedIdTokenClaims(result)!;
  const session: Session = {
    accessToken: result.access_token,
    idToken: result.id_token!,
    name: String(claims.preferred_username ?? claims.sub),
  };
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
  return session;
}

/** Forgets the session here and ends it at the provider, which comes back to this page. */
export async function signOut(session: Session | undefined): Promise<void> {
  sessionStorage.removeItem(SESSION_KEY);
  const { as } = await provider();
  const url = new URL(as.end_session_endpoint!);
  url.search = new URLSearchParams({
    client_id: CLIENT.client_id,
    post_logout_redirect_uri: redirectUri(as),
    ...(session && { id_token_hint: session.idToken }),
  }).toString();
  location.assign(url.href);
}
