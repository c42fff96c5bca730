import { MARIADB_TYPES, type ColumnTypes } from './column-types.js';
import { TablesMigration } from './tables-migration.js';

/**
 * An identity provider configuration's version: the number of its events, which numbers the next
 * one (an aggregate's events are unique by version), as a project's and an organization's do.
 * The configurations made before have recorded none.
 */
export class IdpConfigVersions1764101000000 extends TablesMigration {
  name = 'IdpConfigVersions1764101000000';
  tables = [];
  override addedColumns = IDP_CONFIG_VERSION_COLUMNS;
  statements = () => idpConfigVersionStatements(MARIADB_TYPES);
}

export const IDP_CONFIG_VERSION_COLUMNS = ['idp_configs.version'];

/** The statements in one database's column types. */
export function idpConfigVersionStatements(types: ColumnTypes): string[] {
  return [`ALTER TABLE idp_configs ADD COLUMN version ${types.count} NOT NULL DEFAULT 0`];
}
