import { SQLITE_TYPES } from '../column-types.js';
import { TablesMigration } from '../tables-migration.js';
import {
  OIDC_ACCOUNT_COLUMNS,
  OIDC_ACCOUNT_INDEXES,
  oidcAccountStatements,
} from '../1764020000000-oidc-accounts.js';

/** OidcAccounts1764020000000 for the embedded SQLite database, in its types. */
export class EmbeddedOidcAccounts1764020000000 extends TablesMigration {
  override addedIndexes = OIDC_ACCOUNT_INDEXES;
  override addedColumns = OIDC_ACCOUNT_COLUMNS;
  statements = () => oidcAccountStatements(SQLITE_TYPES, 'json_extract');
  name = 'EmbeddedOidcAccounts1764020000000';
  tables = [];
}
