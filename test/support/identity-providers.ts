import { randomBytes } from 'node:crypto';
import { unconfiguredIdpConfig } from '../../services/api/admin/organizations.js';
import { secretKeyOf } from '../../shared/credentials/secret-key.js';
import {
  IdpConfig,
  LoginPolicy,
  LoginPolicyIdp,
  UserIdpLink,
} from '../../shared/db/entities/index.js';
import { encryptSecret } from '../../services/api/credentials/otp-secret.js';
import { INSTANCE_WIDE } from '../../shared/db/entities/role-grant.entity.js';
import type { TestService } from './test-service.js';
import type { UpstreamProvider } from './upstream-provider.js';

/** The clients the test's upstream knows us as: one authenticating in the Authorization header, one in the body. */
export const UPSTREAM_CLIENTS = { basic: 'identity-basic', post: 'identity-post' } as const;

/**
 * Identity provider configurations and login policies as rows, the way their operations store
 * them (the client secret sealed under the secret key), for the sign-in's tests; they do not
 * depend on the operations that make them.
 */

/** A configuration's fields a test sets; the rest as AddGenericOIDCProvider's defaults. */
export type ProviderFields = Partial<Omit<IdpConfig, 'clientSecretSealed'>> & {
  orgId: string;
  clientSecret?: string;
};

/** A configuration's row: `columns` over AddGenericOIDCProvider's defaults, no secret. */
export function providerRow(columns: Partial<IdpConfig> & { orgId: string }): IdpConfig {
  return {
    ...unconfiguredIdpConfig(columns.orgId, `IdP ${randomBytes(3).toString('hex')}`),
    type: 'oidc',
    scopes: ['openid', 'profile', 'email'],
    version: 1,
    sequence: '1',
    ...columns,
  };
}

/** Stores an identity provider configuration, its client secret sealed; its id. */
export async function addProvider(service: TestService, fields: ProviderFields): Promise<string> {
  const { clientSecret, ...columns } = fields;
  const row = providerRow(columns);
  if (clientSecret !== undefined)
    row.clientSecretSealed = encryptSecret(secretKeyOf(service.config), Buffer.from(clientSecret));
  await service.dataSource.getRepository(IdpConfig).insert(row);
  return row.id;
}

/** An OpenID Connect provider of `orgId` at the test's upstream, as its `basic` client. */
export function addUpstreamProvider(
  service: TestService,
  upstream: UpstreamProvider,
  fields: ProviderFields,
): Promise<string> {
  return addProvider(service, {
    issuer: upstream.issuer,
    clientId: UPSTREAM_CLIENTS.basic,
    clientSecret: upstream.clientSecret,
    ...fields,
  });
}

/** An OAuth 2.0 provider of `orgId` at the test's upstream's endpoints, as its `post` client. */
export function addUpstreamOAuthProvider(
  service: TestService,
  upstream: UpstreamProvider,
  fields: ProviderFields,
): Promise<string> {
  return addProvider(service, {
    type: 'oauth',
    clientId: UPSTREAM_CLIENTS.post,
    clientSecret: upstream.clientSecret,
    authorizationEndpoint: `${upstream.issuer}/auth`,
    tokenEndpoint: `${upstream.issuer}/token`,
    userEndpoint: `${upstream.issuer}/api/user`,
    idAttribute: 'id',
    scopes: ['profile'],
    ...fields,
  });
}

/**
 * Makes the login policy of `ownerId` (an organization, or `''` for the instance default) offer
 * `idpId`, creating the policy (external providers allowed) when it has none.
 */
export async function offerProvider(
  service: TestService,
  ownerId: string,
  idpId: string,
): Promise<void> {
  const now = new Date();
  const policies = service.dataSource.getRepository(LoginPolicy);
  if (!(await policies.existsBy({ ownerId })))
    await policies.insert({
      ownerId,
      allowExternalIdp: true,
      allowUsernamePassword: true,
      sequence: '1',
      creationDate: now,
      changeDate: now,
    });
  await service.dataSource.getRepository(LoginPolicyIdp).insert({ ownerId, idpId, createdAt: now });
}

/** The instance default's owner. */
export const INSTANCE_DEFAULT = INSTANCE_WIDE;

/** Takes `idpId` from the login policy of `ownerId`: no longer offered. */
export async function withdrawProvider(
  service: TestService,
  ownerId: string,
  idpId: string,
): Promise<void> {
  await service.dataSource.getRepository(LoginPolicyIdp).delete({ ownerId, idpId });
}

/** Sets a provider's state ('active' or 'inactive'). */
export async function setProviderState(
  service: TestService,
  idpId: string,
  state: 'active' | 'inactive',
): Promise<void> {
  await service.dataSource.getRepository(IdpConfig).update({ id: idpId }, { state });
}

/** Removes a provider as DeleteProvider does: its links, its places in login policies, itself. */
export async function removeProvider(service: TestService, idpId: string): Promise<void> {
  await service.dataSource.getRepository(UserIdpLink).delete({ configId: idpId });
  await service.dataSource.getRepository(LoginPolicyIdp).delete({ idpId });
  await service.dataSource.getRepository(IdpConfig).delete({ id: idpId });
}

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
