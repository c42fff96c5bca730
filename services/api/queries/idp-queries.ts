import type { DataSource } from 'typeorm';
import { dialectOf, type Dialect, type Write } from '../../../shared/db/dialect.js';
import type { AutoLinking, IdpOwnerType, IdpType } from '../../../shared/db/entities/idp.entity.js';
import { pageOf, type ListDetails, type ListQueryInput } from './list-query.js';
import { flag, jsonOf, writtenDetailsOf } from './read-details.js';
import { readPage } from './read-pages.js';
import { allOf, NEVER, textCondition, type TextQueryMethod } from './text-conditions.js';

/*
 * The reads of identity providers. No read model holds them: these read `idp_configs`, the table
 * their operations write, so a read shows every write committed before it. Never its client
 * secret: the column is not even read.
 */

/** Whose providers a read reaches: an organization's and the instance's, or the instance's. */
export interface ProviderReach {
  /** 'org': the organization `orgId`'s own and the instance's; 'instance': the instance's. */
  scope: IdpOwnerType;
  orgId: string;
  /** The name of the instance as the owner of its providers (their details' resourceOwner). */
  instance: string;
}

/** How the auto-linking option is stored, and its name in the requests and reads. */
export const AUTO_LINKING: Record<AutoLinking, ProviderOptionsView['autoLinking']> = {
  none: 'AUTO_LINKING_OPTION_UNSPECIFIED',
  username: 'AUTO_LINKING_OPTION_USERNAME',
  email: 'AUTO_LINKING_OPTION_EMAIL',
};
const TYPES: Record<IdpType, ProviderView['type']> = {
  unconfigured: 'PROVIDER_TYPE_UNSPECIFIED',
  oidc: 'PROVIDER_TYPE_OIDC',
  oauth: 'PROVIDER_TYPE_OAUTH',
};
const OWNERS: Record<IdpOwnerType, ProviderView['owner']> = {
  org: 'IDP_OWNER_TYPE_ORG',
  instance: 'IDP_OWNER_TYPE_SYSTEM',
};

export interface ProviderOptionsView {
  isLinkingAllowed: boolean;
  isCreationAllowed: boolean;
  isAutoCreation: boolean;
  isAutoUpdate: boolean;
  autoLinking:
    | 'AUTO_LINKING_OPTION_UNSPECIFIED'
    | 'AUTO_LINKING_OPTION_USERNAME'
    | 'AUTO_LINKING_OPTION_EMAIL';
}

/** A provider as a read answers it (identity.management.v1.Provider): never its client secret. */
export interface ProviderView {
  id: string;
  details: { sequence: string; creationDate: Date; changeDate: Date; resourceOwner: string };
  state: 'IDP_STATE_ACTIVE' | 'IDP_STATE_INACTIVE';
  name: string;
  owner: 'IDP_OWNER_TYPE_SYSTEM' | 'IDP_OWNER_TYPE_ORG';
  type: 'PROVIDER_TYPE_UNSPECIFIED' | 'PROVIDER_TYPE_OIDC' | 'PROVIDER_TYPE_OAUTH';
  config: {
    options: ProviderOptionsView;
    oidc?: {
      issuer: string;
      clientId: string;
      scopes: string[];
      isIdTokenMapping: boolean;
      usePkce: boolean;
    };
    oauth?: {
      clientId: string;
      authorizationEndpoint: string;
      tokenEndpoint: string;
      userEndpoint: string;
      scopes: string[];
      idAttribute: string;
      usePkce: boolean;
    };
    signOutAtProvider: boolean;
  };
}

/** A row of `idp_configs` as the driver answers it, without the client secret. */
interface ProviderRow {
  id: string;
  org_id: string;
  name: string;
  owner_type: IdpOwnerType;
  type: IdpType;
  state: string;
  issuer: string | null;
  client_id: string | null;
  scopes: string | string[] | null;
  is_id_token_mapping: number | boolean;
  use_pkce: number | boolean;
  authorization_endpoint: string | null;
  token_endpoint: string | null;
  user_endpoint: string | null;
  id_attribute: string | null;
  is_linking_allowed: number | boolean;
  is_creation_allowed: number | boolean;
  is_auto_creation: number | boolean;
  is_auto_update: number | boolean;
  auto_linking: AutoLinking;
  sign_out_at_provider: number | boolean;
  sequence: string | number;
  created_at: Date | string;
  change_date: Date | string | null;
}

/** The columns a read takes: all but the sealed client secret. */
const PROVIDERS = `(SELECT id, org_id, name, owner_type, type, state, issuer, client_id, scopes,
  is_id_token_mapping, use_pkce, authorization_endpoint, token_endpoint, user_endpoint,
  id_attribute, is_linking_allowed, is_creation_allowed, is_auto_creation, is_auto_update,
  auto_linking, sign_out_at_provider, sequence, created_at, change_date FROM idp_configs) providers`;

/** The providers `reach` reaches. */
function reachable({ scope, orgId }: ProviderReach): Write {
  return scope === 'instance'
    ? { sql: "owner_type = 'instance'", params: [] }
    : { sql: "(owner_type = 'instance' OR (owner_type = 'org' AND org_id = ?))", params: [orgId] };
}

/** The provider `id` if `reach` reaches it; none otherwise. */
export async function findProvider(
  dataSource: DataSource,
  reach: ProviderReach,
  id: string,
): Promise<ProviderView | undefined> {
  const where = allOf([{ sql: 'id = ?', params: [id] }, reachable(reach)]);
  const rows: ProviderRow[] = await dataSource.query(
    `SELECT * FROM ${PROVIDERS} WHERE ${where.sql}`,
    where.params,
  );
  return rows[0] && providerView(rows[0], reach);
}

/** One criterion of a provider search (identity.management.v1.ProviderQuery). */
export interface ProviderQuery {
  idpIdQuery?: { id: string };
  idpNameQuery?: { name: string; method?: TextQueryMethod };
  ownerTypeQuery?: { ownerType?: ProviderView['owner'] | 'IDP_OWNER_TYPE_UNSPECIFIED' };
}

export interface ListProvidersInput {
  query?: ListQueryInput;
  queries?: ProviderQuery[];
}

/** The providers `reach` reaches that meet every query, in the order they were made, a page. */
export async function listProviders(
  dataSource: DataSource,
  reach: ProviderReach,
  input: ListProvidersInput,
): Promise<{ details: ListDetails; result: ProviderView[] }> {
  const dialect = dialectOf(dataSource);
  const queries = input.queries ?? [];
  const { rows, details } = await readPage<ProviderRow>(dataSource, {
    table: PROVIDERS,
    matching: allOf([
      reachable(reach),
      ...queries.map((query) => providerCondition(dialect, query)),
    ]),
    // Ids are UUIDv7: in the order the providers were made.
    sort: 'id',
    page: pageOf(input.query, queries),
    of: queries,
  });
  return { details, result: rows.map((row) => providerView(row, reach)) };
}

function providerCondition(dialect: Dialect, query: ProviderQuery): Write {
  if (query.idpIdQuery) return { sql: 'id = ?', params: [query.idpIdQuery.id] };
  if (query.idpNameQuery)
    return textCondition(
      dialect,
      { column: 'name' },
      query.idpNameQuery.name,
      query.idpNameQuery.method,
    );
  const owner = Object.entries(OWNERS).find(
    ([, name]) => name === query.ownerTypeQuery?.ownerType,
  )?.[0];
  return owner ? { sql: 'owner_type = ?', params: [owner] } : NEVER;
}

function providerView(row: ProviderRow, reach: ProviderReach): ProviderView {
  const scopes = row.scopes === null ? null : jsonOf(row.scopes);
  const usePkce = flag(row.use_pkce);
  return {
    id: row.id,
    details: writtenDetailsOf(row, row.owner_type === 'instance' ? reach.instance : row.org_id),
    state: row.state === 'inactive' ? 'IDP_STATE_INACTIVE' : 'IDP_STATE_ACTIVE',
    name: row.name,
    owner: OWNERS[row.owner_type],
    type: TYPES[row.type],
    config: {
      options: {
        isLinkingAllowed: flag(row.is_linking_allowed),
        isCreationAllowed: flag(row.is_creation_allowed),
        isAutoCreation: flag(row.is_auto_creation),
        isAutoUpdate: flag(row.is_auto_update),
        autoLinking: AUTO_LINKING[row.auto_linking],
      },
      ...(row.type === 'oidc' && {
        oidc: {
          issuer: row.issuer!,
          clientId: row.client_id!,
          scopes: scopes ?? [],
          isIdTokenMapping: flag(row.is_id_token_mapping),
          usePkce,
        },
      }),
      ...(row.type === 'oauth' && {
        oauth: {
          clientId: row.client_id!,
          authorizationEndpoint: row.authorization_endpoint!,
          tokenEndpoint: row.token_endpoint!,
          userEndpoint: row.user_endpoint!,
          scopes: scopes ?? [],
          idAttribute: row.id_attribute!,
          usePkce,
        },
      }),
      signOutAtProvider: flag(row.sign_out_at_provider),
    },
  };
}
