import fc from 'fast-check';
import { callsAs } from './calls-as.js';
import type { FuzzFixtures } from './fuzz-fixtures.js';
import { unique, type ValidCall } from './valid-calls.arbitrary.js';

const name = fc.constantFrom('Corporate SSO', ' Keycloak ', 'Anmeldung über Google', '🔑 SSO');
const scopes = fc.uniqueArray(
  fc.constantFrom('openid', 'profile', 'email', 'read:user', 'offline_access'),
  {
    maxLength: 4,
  },
);
const providerOptions = fc.record(
  {
    isLinkingAllowed: fc.boolean(),
    isCreationAllowed: fc.boolean(),
    isAutoCreation: fc.boolean(),
    isAutoUpdate: fc.boolean(),
    autoLinking: fc.constantFrom(
      'AUTO_LINKING_OPTION_UNSPECIFIED',
      'AUTO_LINKING_OPTION_USERNAME',
      'AUTO_LINKING_OPTION_EMAIL',
    ),
  },
  { requiredKeys: [] },
);
const common = {
  name,
  clientId: fc.constantFrom('identity-service', 'Iv1.8a61f9b3a7aba766'),
  scopes,
  providerOptions,
  usePkce: fc.boolean(),
  signOutAtProvider: fc.boolean(),
};
const oidc = fc.record(
  {
    ...common,
    issuer: fc.constantFrom('https://sso.example.com/realms/corp', 'http://localhost:8081'),
    isIdTokenMapping: fc.boolean(),
  },
  { requiredKeys: ['name', 'clientId', 'issuer'] },
);
const oauth = fc.record(
  {
    ...common,
    authorizationEndpoint: fc.constant('https://github.com/login/oauth/authorize'),
    tokenEndpoint: fc.constant('https://github.com/login/oauth/access_token'),
    userEndpoint: fc.constantFrom('https://api.github.com/user', 'http://127.0.0.1:9/user?x=1'),
    idAttribute: fc.constantFrom('id', 'sub', ' login '),
  },
  {
    requiredKeys: [
      'name',
      'clientId',
      'authorizationEndpoint',
      'tokenEndpoint',
      'userEndpoint',
      'idAttribute',
    ],
  },
);
/** Ids no provider has: what the removals take, so that the fixtures' provider stays. */
const unknownId = fc.uuid();

/**
 * The identity providers: new ones of the organization (as its owner) and of the instance (as
 * the instance owner), the fixtures' provider set whole as either kind (the one it was first
 * configured as wins; the other is IDP-TYPE-MISMATCH), with or without a new secret, reads and
 * lists through both services, removals of the spare provider (after the first, not found)
 * or of unknown ones, and deactivations and reactivations (of the organization's two, of the
 * instance's, of unknown ones: each accepted one records its event, the others nothing). The
 * fixtures' provider, which imports link to, is never removed.
 */
export function idpCall(fixtures: FuzzFixtures): fc.Arbitrary<ValidCall> {
  const as = callsAs(fixtures);
  const admin = fixtures.instanceOwner.token;
  const clientSecret = unique.map((id) => `fuzz-secret-${id}`);
  const id = fc.constantFrom(fixtures.idpId, fixtures.spareIdpId);
  const withSecret = <T>(arbitrary: fc.Arbitrary<T>) =>
    fc
      .tuple(arbitrary, clientSecret)
      .map(([message, secret]) => ({ ...message, clientSecret: secret }));
  const maybeSecret = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof(arbitrary, withSecret(arbitrary));
  return fc.oneof(
    withSecret(oidc).map(as('AddGenericOIDCProvider')),
    withSecret(oauth).map(as('AddGenericOAuthProvider')),
    withSecret(oidc).map(as('AdminAddGenericOIDCProvider', admin)),
    withSecret(oauth).map(as('AdminAddGenericOAuthProvider', admin)),
    fc
      .tuple(maybeSecret(oidc), id)
      .map(([message, idpId]) => as('UpdateGenericOIDCProvider')({ ...message, id: idpId })),
    fc
      .tuple(maybeSecret(oauth), id)
      .map(([message, idpId]) => as('UpdateGenericOAuthProvider')({ ...message, id: idpId })),
    fc
      .tuple(maybeSecret(oidc), id)
      .map(([message, idpId]) =>
        as('AdminUpdateGenericOIDCProvider', admin)({ ...message, id: idpId }),
      ),
    id.map((idpId) => as('GetProviderByID')({ id: idpId })),
    id.map((idpId) => as('AdminGetProviderByID', admin)({ id: idpId })),
    fc
      .record({ query: fc.record({ limit: fc.integer({ min: 0, max: 3 }) }) })
      .map(as('ListProviders')),
    fc.constant({}).map(as('AdminListProviders', admin)),
    fc
      .oneof(fc.constant(fixtures.spareIdpId), unknownId)
      .map((idpId) => as('DeleteProvider')({ id: idpId })),
    unknownId.map((idpId) => as('AdminDeleteProvider', admin)({ id: idpId })),
    ...(['DeactivateOrgIDP', 'ReactivateOrgIDP'] as const).map((method) =>
      fc.oneof(id, unknownId).map((idpId) => as(method)({ idpId })),
    ),
    ...(['DeactivateIDP', 'ReactivateIDP'] as const).map((method) =>
      fc
        .oneof(fc.constant(fixtures.instanceIdpId), unknownId)
        .map((idpId) => as(method, admin)({ idpId })),
    ),
  );
}
