import type { BatchedTransaction } from '../../../shared/db/batched-transaction.js';
import {
  IdpConfig,
  type AutoLinking,
  type IdpOwnerType,
} from '../../../shared/db/entities/idp.entity.js';
import type { IdpConfigPayload } from '../../../shared/events/event-types.js';
import { ServiceError } from '../../../shared/errors/service-error.js';
import { AUTO_LINKING, type ProviderReach } from '../queries/idp-queries.js';
import type { AddGenericOAuthProviderRequest } from './add-generic-oauth-provider/add-generic-oauth-provider.request.generated.js';
import type { AddGenericOIDCProviderRequest } from './add-generic-oidc-provider/add-generic-oidc-provider.request.generated.js';
import { INSTANCE_AGGREGATE } from './instance-aggregate.js';
import { firstOr } from './project-aggregate.js';

/*
 * What the operations of identity providers share: a request's configuration as the table keeps
 * it and as its events carry it, and the provider an operation reaches. An organization's
 * provider (ManagementService) is reached in the target organization, the instance's
 * (AdminService) wherever the instance owner acts; the instance's events and details name
 * `instance` as their owner, as the instance's default label policy's do.
 */

export const idpNotFound = (): ServiceError => new ServiceError('IDP-NOT-FOUND');
export const idpTypeMismatch = (): ServiceError => new ServiceError('IDP-TYPE-MISMATCH');
export const idpNotActive = (): ServiceError => new ServiceError('IDP-NOT-ACTIVE');
export const idpNotInactive = (): ServiceError => new ServiceError('IDP-NOT-INACTIVE');

/** What an Add… or Update… request of a kind says of the provider, but its secret. */
export type OidcProviderRequest = Omit<AddGenericOIDCProviderRequest, 'clientSecret'>;
export type OAuthProviderRequest = Omit<AddGenericOAuthProviderRequest, 'clientSecret'>;
export type ProviderRequest = OidcProviderRequest | OAuthProviderRequest;

/** A configured provider's columns, as a request sets them whole (an update too: a PUT). */
export type ProviderColumns = Pick<
  IdpConfig,
  | 'type'
  | 'name'
  | 'issuer'
  | 'clientId'
  | 'scopes'
  | 'isIdTokenMapping'
  | 'usePkce'
  | 'authorizationEndpoint'
  | 'tokenEndpoint'
  | 'userEndpoint'
  | 'idAttribute'
  | 'isLinkingAllowed'
  | 'isCreationAllowed'
  | 'isAutoCreation'
  | 'isAutoUpdate'
  | 'autoLinking'
  | 'signOutAtProvider'
>;

/** A kind of provider: what its requests set. */
export interface ProviderKind<Request extends ProviderRequest> {
  type: 'oidc' | 'oauth';
  columnsOf(request: Request): ProviderColumns;
}

/** The columns both kinds set alike: trimmed name, options, PKCE (on when not said). */
function commonColumns(request: ProviderRequest) {
  const options = request.providerOptions ?? {};
  const autoLinking = Object.entries(AUTO_LINKING).find(
    ([, name]) => name === options.autoLinking,
  )?.[0] as AutoLinking | undefined;
  return {
    name: request.name.trim(),
    clientId: request.clientId,
    usePkce: request.usePkce ?? true,
    isLinkingAllowed: options.isLinkingAllowed ?? false,
    isCreationAllowed: options.isCreationAllowed ?? false,
    isAutoCreation: options.isAutoCreation ?? false,
    isAutoUpdate: options.isAutoUpdate ?? false,
    autoLinking: autoLinking ?? 'none',
    signOutAtProvider: request.signOutAtProvider ?? false,
  };
}

/** A generic OpenID Connect provider: its issuer (discovery), `openid` among its scopes. */
export const GENERIC_OIDC: ProviderKind<OidcProviderRequest> = {
  type: 'oidc',
  columnsOf: (request) => {
    const scopes = request.scopes ?? [];
    return {
      ...commonColumns(request),
      type: 'oidc',
      issuer: request.issuer,
      scopes: scopes.includes('openid') ? scopes : ['openid', ...scopes],
      isIdTokenMapping: request.isIdTokenMapping ?? false,
      authorizationEndpoint: null,
      tokenEndpoint: null,
      userEndpoint: null,
      idAttribute: null,
    };
  },
};

/** A generic OAuth 2.0 provider (such as GitHub): its endpoints and the user's id attribute. */
export const GENERIC_OAUTH: ProviderKind<OAuthProviderRequest> = {
  type: 'oauth',
  columnsOf: (request) => ({
    ...commonColumns(request),
    type: 'oauth',
    issuer: null,
    scopes: request.scopes ?? [],
    isIdTokenMapping: false,
    authorizationEndpoint: request.authorizationEndpoint,
    tokenEndpoint: request.tokenEndpoint,
    userEndpoint: request.userEndpoint,
    idAttribute: request.idAttribute.trim(),
  }),
};

/** Whether the stored provider has these columns already. */
export function hasColumns(row: IdpConfig, columns: ProviderColumns): boolean {
  return (Object.keys(columns) as (keyof ProviderColumns)[]).every(
    (column) => JSON.stringify(row[column]) === JSON.stringify(columns[column]),
  );
}

/** A configured provider as its events carry it: its kind's fields alone, never its secret. */
export function configPayload(columns: ProviderColumns, ownerType: IdpOwnerType): IdpConfigPayload {
  const common = {
    kind: columns.type as 'oidc' | 'oauth',
    name: columns.name,
    ownerType,
    clientId: columns.clientId!,
    scopes: columns.scopes ?? [],
    usePkce: columns.usePkce,
    options: {
      isLinkingAllowed: columns.isLinkingAllowed,
      isCreationAllowed: columns.isCreationAllowed,
      isAutoCreation: columns.isAutoCreation,
      isAutoUpdate: columns.isAutoUpdate,
      autoLinking: columns.autoLinking,
    },
    signOutAtProvider: columns.signOutAtProvider,
  };
  return columns.type === 'oidc'
    ? { ...common, issuer: columns.issuer!, isIdTokenMapping: columns.isIdTokenMapping }
    : {
        ...common,
        authorizationEndpoint: columns.authorizationEndpoint!,
        tokenEndpoint: columns.tokenEndpoint!,
        userEndpoint: columns.userEndpoint!,
        idAttribute: columns.idAttribute!,
      };
}

/** Who owns the providers of `owner` acting in `orgId`: the organization, or the instance. */
export const resourceOwnerOf = (owner: IdpOwnerType, orgId: string): string =>
  owner === 'instance' ? INSTANCE_AGGREGATE : orgId;

/** The providers a read of `owner` reaches in `orgId` (an organization's reads see the instance's). */
export const reachOf = (owner: IdpOwnerType, orgId: string): ProviderReach => ({
  scope: owner,
  orgId,
  instance: INSTANCE_AGGREGATE,
});

/**
 * The provider `id` of `owner` (the organization `orgId`'s own, or the instance's), locked until
 * the transaction ends, so that its events stay in version order; another is IDP-NOT-FOUND. An
 * instance provider comes with the instance as its owner (`orgId`), which its events and details
 * name.
 */
export function lockedProvider(owner: IdpOwnerType) {
  return async (transaction: BatchedTransaction, id: string, orgId: string) => {
    const where =
      owner === 'instance'
        ? { id, ownerType: 'instance' as const }
        : { id, orgId, ownerType: 'org' as const };
    const row = await firstOr(transaction.find(IdpConfig, where, { lock: true }), idpNotFound);
    return { ...row, orgId: resourceOwnerOf(owner, row.orgId) };
  };
}
