import { MARIADB_TYPES, type ColumnTypes } from './column-types.js';
import { TablesMigration } from './tables-migration.js';

/**
 * Identity providers one can sign in through (identity brokering): a configuration's kind
 * (generic OpenID Connect or OAuth 2.0; `unconfigured` for what `identityctl idp create` made,
 * which keeps its id and links until an update configures it), its endpoints and client (the
 * secret sealed), its options (linking, creation, auto-creation, auto-update, auto-linking), its
 * owner (an organization's, or the instance's) and state, sequence and change date; and the login
 * policies (an organization's, or the instance default `''`) with the providers each offers.
 */
export class IdentityProviders1764100000000 extends TablesMigration {
  name = 'IdentityProviders1764100000000';
  tables = IDENTITY_PROVIDER_TABLES;
  override addedColumns = IDENTITY_PROVIDER_COLUMNS;
  statements = () => identityProviderStatements(MARIADB_TYPES);
}

export const IDENTITY_PROVIDER_TABLES = ['login_policies', 'login_policy_idps'];

const COLUMNS: [string, (types: ColumnTypes) => string][] = [
  ['owner_type', (t) => `${t.state} NOT NULL DEFAULT 'org'`],
  ['type', (t) => `${t.state} NOT NULL DEFAULT 'unconfigured'`],
  ['state', (t) => `${t.state} NOT NULL DEFAULT 'active'`],
  ['issuer', (t) => `${t.text} NULL`],
  ['client_id', (t) => `${t.text} NULL`],
  ['client_secret_sealed', (t) => `${t.bytes} NULL`],
  ['scopes', (t) => `${t.json} NULL`],
  ['is_id_token_mapping', (t) => `${t.flag} NOT NULL DEFAULT 0`],
  ['use_pkce', (t) => `${t.flag} NOT NULL DEFAULT 1`],
  ['authorization_endpoint', (t) => `${t.text} NULL`],
  ['token_endpoint', (t) => `${t.text} NULL`],
  ['user_endpoint', (t) => `${t.text} NULL`],
  ['id_attribute', (t) => `${t.name} NULL`],
  ['is_linking_allowed', (t) => `${t.flag} NOT NULL DEFAULT 0`],
  ['is_creation_allowed', (t) => `${t.flag} NOT NULL DEFAULT 0`],
  ['is_auto_creation', (t) => `${t.flag} NOT NULL DEFAULT 0`],
  ['is_auto_update', (t) => `${t.flag} NOT NULL DEFAULT 0`],
  ['auto_linking', (t) => `${t.state} NOT NULL DEFAULT 'none'`],
  ['sign_out_at_provider', (t) => `${t.flag} NOT NULL DEFAULT 0`],
  ['sequence', (t) => `${t.position} NOT NULL DEFAULT 0`],
  ['change_date', (t) => `${t.time} NULL`],
];

export const IDENTITY_PROVIDER_COLUMNS = COLUMNS.map(([name]) => `idp_configs.${name}`);

/** The statements in one database's column types. */
export function identityProviderStatements(types: ColumnTypes): string[] {
  return [
    ...COLUMNS.map(([name, type]) => `ALTER TABLE idp_configs ADD COLUMN ${name} ${type(types)}`),
    'UPDATE idp_configs SET change_date = created_at',
    `CREATE TABLE login_policies (
       owner_id VARCHAR(36) NOT NULL PRIMARY KEY,
       allow_external_idp ${types.flag} NOT NULL,
       allow_username_password ${types.flag} NOT NULL,
       sequence ${types.position} NOT NULL,
       creation_date ${types.time} NOT NULL,
       change_date ${types.time} NOT NULL
     ) ${types.options}`,
    `CREATE TABLE login_policy_idps (
       owner_id VARCHAR(36) NOT NULL,
       idp_id ${types.id} NOT NULL,
       created_at ${types.time} NOT NULL,
       PRIMARY KEY (owner_id, idp_id)
     ) ${types.options}`,
    'CREATE INDEX login_policy_idps_idp ON login_policy_idps (idp_id)',
  ];
}
