import { SQLITE_TYPES } from '../column-types.js';
import { TablesMigration } from '../tables-migration.js';
import {
  IDENTITY_PROVIDER_COLUMNS,
  IDENTITY_PROVIDER_TABLES,
  identityProviderStatements,
} from '../1764100000000-identity-providers.js';

/** IdentityProviders1764100000000 for the embedded SQLite database, in its types. */
export class EmbeddedIdentityProviders1764100000000 extends TablesMigration {
  name = 'EmbeddedIdentityProviders1764100000000';
  tables = IDENTITY_PROVIDER_TABLES;
  override addedColumns = IDENTITY_PROVIDER_COLUMNS;
  statements = () => identityProviderStatements(SQLITE_TYPES);
}
