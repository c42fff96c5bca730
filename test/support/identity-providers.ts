import { randomBytes } from 'node:crypto';

/**
 * Identity providers as the tests configure them: an OpenID Connect one and an OAuth 2.0 one,
 * each with a client secret of its own that no answer, event or log line may hold.
 */

/** A client secret no other request of the run has, to look for where it must not be. */
export const clientSecret = (): string => `secret-${randomBytes(12).toString('hex')}`;

/** An AddGenericOIDCProvider body (UpdateGenericOIDCProvider's too, without the id). */
export function oidcProvider(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Corporate SSO',
    issuer: 'https://sso.example.com/realms/corp',
    clientId: 'identity-service',
    clientSecret: clientSecret(),
    scopes: ['profile', 'email'],
    providerOptions: { isLinkingAllowed: true, autoLinking: 'AUTO_LINKING_OPTION_EMAIL' },
    ...overrides,
  };
}

/** An AddGenericOAuthProvider body (UpdateGenericOAuthProvider's too, without the id). */
export function oauthProvider(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'GitHub',
    clientId: 'Iv1.8a61f9b3a7aba766',
    clientSecret: clientSecret(),
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userEndpoint: 'https://api.github.com/user',
    scopes: ['read:user', 'user:email'],
    idAttribute: 'id',
    ...overrides,
  };
}

/** Where an owner's providers are served: the organization's, or the instance's. */
export const IDPS = { org: '/management/v1/idps', instance: '/admin/v1/idps' } as const;
