import { SQLITE_TYPES } from '../column-types.js';
import { TablesMigration } from '../tables-migration.js';
import {
  IDP_CONFIG_VERSION_COLUMNS,
  idpConfigVersionStatements,
} from '../1764101000000-idp-config-versions.js';

/** IdpConfigVersions1764101000000 for the embedded SQLite database, in its types. */
export class EmbeddedIdpConfigVersions1764101000000 extends TablesMigration {
  name = 'EmbeddedIdpConfigVersions1764101000000';
  tables = [];
  override addedColumns = IDP_CONFIG_VERSION_COLUMNS;
  statements = () => idpConfigVersionStatements(SQLITE_TYPES);
}
