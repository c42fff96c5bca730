import { oauthProvider, oidcProvider } from './identity-providers.js';
import type { Case, Fixtures } from './transport-cases.js';

/** The cases of identity providers that test/integration/transports.test.ts sends. */

export type IdpOperation =
  | 'AddGenericOIDCProvider'
  | 'UpdateGenericOIDCProvider'
  | 'AddGenericOAuthProvider'
  | 'UpdateGenericOAuthProvider'
  | 'GetProviderByID'
  | 'ListProviders'
  | 'DeleteProvider'
  | 'DeactivateOrgIDP'
  | 'ReactivateOrgIDP'
  | 'DeactivateIDP'
  | 'ReactivateIDP'
  | 'AdminAddGenericOAuthProvider'
  | 'AdminListProviders'
  | 'AdminGetProviderByID';

const DETAILS = ['details', 'details.changeDate', 'details.resourceOwner', 'details.sequence'];
const UNKNOWN = '00000000-0000-7000-8000-000000000000';
const asAdmin = (f: Fixtures) => ({ token: f.admin.token });

/**
 * In this order on each transport: providers added (and refused without a secret), the
 * transport's provider that identityctl made configured as an OpenID Connect one (then refused an
 * OAuth update), read and listed, an instance provider added by the instance owner (refused to an
 * organization owner), the organization's provider not reached through AdminService, deactivated
 * and reactivated (each refused a second time; AdminService does not reach it), and last the
 * transport's provider removed (the cases before it use it).
 */
export const IDP_CASES: Case[] = [
  {
    name: 'an OpenID Connect provider',
    operation: 'AddGenericOIDCProvider',
    request: () => oidcProvider(),
    expected: { code: 0, shape: ['id', ...DETAILS, 'details.creationDate'] },
  },
  {
    name: 'an OpenID Connect provider with every required field empty',
    operation: 'AddGenericOIDCProvider',
    request: () => ({ name: '', issuer: '', clientId: '', clientSecret: '' }),
    expected: {
      code: 3,
      errorId: 'REQUEST-INVALID',
      fields: ['clientId', 'clientSecret', 'issuer', 'name'],
    },
  },
  {
    name: 'an OpenID Connect provider without a client secret',
    operation: 'AddGenericOIDCProvider',
    request: () => ({ name: 'No secret', issuer: 'https://sso.example.com', clientId: 'c' }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['clientSecret'] },
    overProtoSaysAs: 'an OpenID Connect provider with an empty client secret',
  },
  {
    name: 'an OpenID Connect provider with an empty client secret',
    operation: 'AddGenericOIDCProvider',
    request: () => ({
      name: 'No secret',
      issuer: 'https://sso.example.com',
      clientId: 'c',
      clientSecret: '',
    }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['clientSecret'] },
  },
  {
    name: 'an OAuth 2.0 provider with an endpoint over http',
    operation: 'AddGenericOAuthProvider',
    request: () => oauthProvider({ userEndpoint: 'http://api.github.com/user' }),
    expected: { code: 3, errorId: 'REQUEST-INVALID', fields: ['userEndpoint'] },
  },
  {
    name: 'an OAuth 2.0 provider',
    operation: 'AddGenericOAuthProvider',
    request: () => oauthProvider(),
    expected: { code: 0, shape: ['id', ...DETAILS, 'details.creationDate'] },
  },
  {
    name: 'the provider identityctl made, configured as an OpenID Connect one',
    operation: 'UpdateGenericOIDCProvider',
    request: (f) => ({ id: f.idpId, ...oidcProvider({ usePkce: false }) }),
    expected: { code: 0, shape: DETAILS },
  },
  {
    name: 'the OpenID Connect provider updated as an OAuth 2.0 one',
    operation: 'UpdateGenericOAuthProvider',
    request: (f) => ({ id: f.idpId, ...oauthProvider() }),
    expected: { code: 9, errorId: 'IDP-TYPE-MISMATCH' },
  },
  {
    name: 'an unknown provider updated',
    operation: 'UpdateGenericOAuthProvider',
    request: () => ({ id: UNKNOWN, ...oauthProvider() }),
    expected: { code: 5, errorId: 'IDP-NOT-FOUND' },
  },
  {
    name: 'the configured provider read',
    operation: 'GetProviderByID',
    request: (f) => ({ id: f.idpId }),
    expected: { code: 0, shape: ['idp'] },
  },
  {
    name: 'an unknown provider read',
    operation: 'GetProviderByID',
    request: () => ({ id: UNKNOWN }),
    expected: { code: 5, errorId: 'IDP-NOT-FOUND' },
  },
  {
    name: "the organization's and the instance's providers listed by name",
    operation: 'ListProviders',
    request: () => ({
      query: { limit: 1 },
      queries: [
        { idpNameQuery: { name: 'corporate', method: 'TEXT_QUERY_METHOD_CONTAINS_IGNORE_CASE' } },
      ],
    }),
    expected: {
      code: 0,
      shape: [
        'details',
        'details.nextCursor',
        'details.processedSequence',
        'details.totalResult',
        'details.viewTimestamp',
        'result',
      ],
    },
  },
  {
    name: 'an instance provider, by the instance owner',
    operation: 'AdminAddGenericOAuthProvider',
    request: () => oauthProvider({ name: 'Instance GitHub' }),
    caller: asAdmin,
    expected: { code: 0, shape: ['id', ...DETAILS, 'details.creationDate'] },
  },
  {
    name: 'an instance provider, by an organization owner',
    operation: 'AdminAddGenericOAuthProvider',
    request: () => oauthProvider({ name: 'Not mine to add' }),
    expected: { code: 7, errorId: 'AUTH-PERMISSION-DENIED' },
  },
  {
    name: "the instance's providers listed",
    operation: 'AdminListProviders',
    request: () => ({ queries: [{ ownerTypeQuery: { ownerType: 'IDP_OWNER_TYPE_SYSTEM' } }] }),
    caller: asAdmin,
    expected: {
      code: 0,
      shape: [
        'details',
        'details.processedSequence',
        'details.totalResult',
        'details.viewTimestamp',
        'result',
      ],
    },
  },
  {
    name: "an organization's provider read through AdminService",
    operation: 'AdminGetProviderByID',
    request: (f) => ({ id: f.idpId }),
    caller: asAdmin,
    expected: { code: 5, errorId: 'IDP-NOT-FOUND' },
  },
  {
    name: 'the provider deactivated',
    operation: 'DeactivateOrgIDP',
    request: (f) => ({ idpId: f.idpId }),
    expected: { code: 0, shape: DETAILS },
  },
  {
    name: 'the deactivated provider deactivated again',
    operation: 'DeactivateOrgIDP',
    request: (f) => ({ idpId: f.idpId }),
    expected: { code: 9, errorId: 'IDP-NOT-ACTIVE' },
  },
  {
    name: 'the provider reactivated',
    operation: 'ReactivateOrgIDP',
    request: (f) => ({ idpId: f.idpId }),
    expected: { code: 0, shape: DETAILS },
  },
  {
    name: 'the active provider reactivated',
    operation: 'ReactivateOrgIDP',
    request: (f) => ({ idpId: f.idpId }),
    expected: { code: 9, errorId: 'IDP-NOT-INACTIVE' },
  },
  {
    name: "an organization's provider deactivated through AdminService",
    operation: 'DeactivateIDP',
    request: (f) => ({ idpId: f.idpId }),
    caller: asAdmin,
    expected: { code: 5, errorId: 'IDP-NOT-FOUND' },
  },
  {
    name: 'an unknown instance provider reactivated',
    operation: 'ReactivateIDP',
    request: () => ({ idpId: UNKNOWN }),
    caller: asAdmin,
    expected: { code: 5, errorId: 'IDP-NOT-FOUND' },
  },
  {
    name: 'the provider removed',
    operation: 'DeleteProvider',
    request: (f) => ({ id: f.idpId }),
    expected: { code: 0, shape: DETAILS },
  },
  {
    name: 'the removed provider removed again',
    operation: 'DeleteProvider',
    request: (f) => ({ id: f.idpId }),
    expected: { code: 5, errorId: 'IDP-NOT-FOUND' },
  },
];
