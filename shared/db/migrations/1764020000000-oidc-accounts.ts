import { MARIADB_TYPES, type ColumnTypes } from './column-types.js';
import { TablesMigration } from './tables-migration.js';

/**
 * The provider's artifacts that belong to a person (sessions, grants, codes, access and refresh
 * tokens) are filed under the person's id as well, so that deactivating, locking or removing a
 * user ends them all at once. The rows stored before are filed from their payloads.
 */
export class OidcAccounts1764020000000 extends TablesMigration {
  name = 'OidcAccounts1764020000000';
  tables = [];
  override addedColumns = OIDC_ACCOUNT_COLUMNS;
  override addedIndexes = OIDC_ACCOUNT_INDEXES;
  statements = () => oidcAccountStatements(MARIADB_TYPES, 'JSON_VALUE');
}

export const OIDC_ACCOUNT_COLUMNS = ['oidc_payloads.account_id'];
export const OIDC_ACCOUNT_INDEXES = ['oidc_payloads.oidc_payloads_account'];

/** The statements in one database's column types and its function that reads a JSON value. */
export function oidcAccountStatements(
  types: ColumnTypes,
  jsonValue: 'JSON_VALUE' | 'json_extract',
): string[] {
  return [
    `ALTER TABLE oidc_payloads ADD COLUMN account_id ${types.id} NULL`,
    'CREATE INDEX oidc_payloads_account ON oidc_payloads (account_id)',
    `UPDATE oidc_payloads SET account_id = ${jsonValue}(payload, '$.accountId')
      WHERE model IN ('Session', 'Grant', 'AuthorizationCode', 'AccessToken', 'RefreshToken')`,
  ];
}
