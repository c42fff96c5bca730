import type { DataSource } from 'typeorm';
import { dialectOf } from '../../../shared/db/dialect.js';
import { pageOf, type ListDetails, type ListQueryInput } from './list-query.js';
import { partDetails, type OwnProject, type PartDetails } from './project-parts.js';
import { readPage } from './read-pages.js';
import {
  allOf,
  inCondition,
  NEVER,
  textCondition,
  type TextQueryMethod,
} from './text-conditions.js';

/**
 * A project's applications, from the tables their operations write (there is no read model of
 * applications): `applications` ties each to its project, the provider's record of its client
 * (`oidc_payloads`) holds its settings. Never its secret: only the settings named here are read
 * out of that record.
 */

/** An application as a read answers it (identity.management.v1.App). */
export interface AppView {
  id: string;
  details: PartDetails;
  state: 'APP_STATE_ACTIVE';
  name: string;
  oidcConfig: OidcConfigView;
}

/** An application's OpenID Connect settings (identity.management.v1.OIDCConfig). */
export interface OidcConfigView {
  redirectUris: string[];
  responseTypes: string[];
  grantTypes: string[];
  appType: 'OIDC_APP_TYPE_WEB' | 'OIDC_APP_TYPE_USER_AGENT';
  clientId: string;
  authMethodType: 'OIDC_AUTH_METHOD_TYPE_BASIC' | 'OIDC_AUTH_METHOD_TYPE_NONE';
  postLogoutRedirectUris: string[];
  /** The access tokens the provider issues an application's users for the API: JWTs. */
  accessTokenType: 'OIDC_TOKEN_TYPE_JWT';
  accessTokenRoleAssertion: boolean;
  idTokenRoleAssertion: boolean;
}

/** One criterion of an application search (identity.management.v1.AppQuery). */
export interface AppQuery {
  nameQuery?: { name: string; method?: TextQueryMethod };
}

export interface ListAppsInput {
  query?: ListQueryInput;
  queries?: AppQuery[];
}

const APPLICATION_EVENTS = { prefix: 'project.application', idField: 'appId' };

/** The application `appId` of the project, or undefined (one of another project too). */
export async function findApp(
  dataSource: DataSource,
  project: OwnProject,
  appId: string,
): Promise<AppView | undefined> {
  const rows: ApplicationRow[] = await dataSource.query(
    'SELECT id, client_id, name FROM applications WHERE id = ? AND project_id = ?',
    [appId, project.id],
  );
  return (await appViews(dataSource, project, rows))[0];
}

/** The project's applications that meet every query, in the order they were made, a page. */
export async function listApps(
  dataSource: DataSource,
  project: OwnProject,
  input: ListAppsInput,
): Promise<{ details: ListDetails; result: AppView[] }> {
  const dialect = dialectOf(dataSource);
  const queries = input.queries ?? [];
  // A cursor continues the list of one project's applications only.
  const of = [project.id, queries];
  const { rows, details } = await readPage<ApplicationRow>(dataSource, {
    table: 'applications',
    matching: allOf([
      { sql: 'project_id = ?', params: [project.id] },
      ...queries.map((query) =>
        query.nameQuery
          ? textCondition(dialect, { column: 'name' }, query.nameQuery.name, query.nameQuery.method)
          : NEVER,
      ),
    ]),
    sort: 'id',
    page: pageOf(input.query, of),
    of,
  });
  return { details, result: await appViews(dataSource, project, rows) };
}

/** A row of `applications`. */
interface ApplicationRow {
  id: string;
  client_id: string;
  name: string;
}

/** The client record's settings that a read answers (never `client_secret_encrypted`). */
interface ClientSettings {
  redirect_uris?: string[];
  post_logout_redirect_uris?: string[];
  response_types?: string[];
  grant_types?: string[];
  token_endpoint_auth_method?: string;
  id_token_role_assertion?: boolean;
  access_token_role_assertion?: boolean;
}

const RESPONSE_TYPES: Record<string, string> = {
  code: 'OIDC_RESPONSE_TYPE_CODE',
  id_token: 'OIDC_RESPONSE_TYPE_ID_TOKEN',
  'id_token token': 'OIDC_RESPONSE_TYPE_ID_TOKEN_TOKEN',
};
const GRANT_TYPES: Record<string, string> = {
  authorization_code: 'OIDC_GRANT_TYPE_AUTHORIZATION_CODE',
  implicit: 'OIDC_GRANT_TYPE_IMPLICIT',
  refresh_token: 'OIDC_GRANT_TYPE_REFRESH_TOKEN',
};
const named = (names: Record<string, string>, values: string[] = []) =>
  values.flatMap((value) => names[value] ?? []);

async function appViews(
  dataSource: DataSource,
  project: OwnProject,
  rows: ApplicationRow[],
): Promise<AppView[]> {
  if (rows.length === 0) return [];
  const clients = inCondition('id', [...new Set(rows.map((row) => row.client_id))]);
  const [records, detailsOf] = await Promise.all([
    dataSource.query(
      `SELECT id, payload FROM oidc_payloads WHERE model = 'Client' AND ${clients.sql}`,
      clients.params,
    ) as Promise<{ id: string; payload: string }[]>,
    partDetails(
      dataSource,
      project,
      APPLICATION_EVENTS,
      rows.map((row) => row.id),
    ),
  ]);
  const settings = new Map(
    records.map((record) => [record.id, JSON.parse(record.payload) as ClientSettings]),
  );
  return rows.map((row) => {
    const client = settings.get(row.client_id) ?? {};
    const confidential = client.token_endpoint_auth_method !== 'none';
    return {
      id: row.id,
      details: detailsOf(row.id),
      state: 'APP_STATE_ACTIVE',
      name: row.name,
      oidcConfig: {
        redirectUris: client.redirect_uris ?? [],
        responseTypes: named(RESPONSE_TYPES, client.response_types),
        grantTypes: named(GRANT_TYPES, client.grant_types),
        appType: confidential ? 'OIDC_APP_TYPE_WEB' : 'OIDC_APP_TYPE_USER_AGENT',
        clientId: row.client_id,
        authMethodType: confidential ? 'OIDC_AUTH_METHOD_TYPE_BASIC' : 'OIDC_AUTH_METHOD_TYPE_NONE',
        postLogoutRedirectUris: client.post_logout_redirect_uris ?? [],
        accessTokenType: 'OIDC_TOKEN_TYPE_JWT',
        accessTokenRoleAssertion: client.access_token_role_assertion === true,
        idTokenRoleAssertion: client.id_token_role_assertion === true,
      },
    };
  });
}
