import { MARIADB_TYPES, type ColumnTypes } from './column-types.js';
import { TablesMigration } from './tables-migration.js';

/**
 * The id a caller gave a user it imported (`externalId`, unique in the organization), on the user
 * and its read model, so that a retried or resumed import finds the user it made.
 */
export class ExternalIds1763970000000 extends TablesMigration {
  name = 'ExternalIds1763970000000';
  tables = [];
  override addedColumns = EXTERNAL_ID_COLUMNS;
  override addedIndexes = ['users.users_org_external_id'];
  statements = () => externalIdStatements(MARIADB_TYPES);
}

export const EXTERNAL_ID_COLUMNS = ['users.external_id', 'user_read_models.external_id'];

/** The statements in one database's column types. */
export function externalIdStatements(types: ColumnTypes): string[] {
  return [
    `ALTER TABLE users ADD COLUMN external_id ${types.name} NULL`,
    'CREATE UNIQUE INDEX users_org_external_id ON users (org_id, external_id)',
    `ALTER TABLE user_read_models ADD COLUMN external_id ${types.name} NULL`,
  ];
}
