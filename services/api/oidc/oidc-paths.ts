import type { Config } from '../../../shared/config/config.js';

/** Where the provider's endpoints live on the HTTP port, apart from the API's routes. */
export const OIDC_PREFIX = '/oidc';
/**
 * The prompt of an interaction that ends a sign-in the application's project refuses. Here, not
 * with the checks, so the pages know it without loading oidc-provider (see sign-in.ts).
 */
export const PROJECT_ACCESS_PROMPT = 'project_access';
/** RP-initiated logout; its form posts to `<this>/confirm`. */
export const END_SESSION_PATH = `${OIDC_PREFIX}/session/end`;
/**
 * How long a session with the provider lasts since its last use; what is kept for a session
 * (an identity provider's ID token for signing out there) lives no longer.
 */
export const SESSION_SECONDS = 14 * 24 * 3600;
/** The sign-in pages of an interaction: `/ui/login/<uid>`. */
export const INTERACTION_PREFIX = '/ui/login';

/**
 * The resource indicator (RFC 8707) of this service's API: its public URL. An access token asked
 * for it is a JWT with `aud` = `JWT_AUDIENCE`, signed with the signing key, as the operations
 * accept; one asked for no resource (with `openid`) is for the userinfo endpoint.
 */
export function apiResource(config: Config): string {
  return config.publicUrl;
}
