import { SQLITE_TYPES } from '../column-types.js';
import { TablesMigration } from '../tables-migration.js';
import { EXTERNAL_ID_COLUMNS, externalIdStatements } from '../1763970000000-external-ids.js';

/** ExternalIds1763970000000 for the embedded SQLite database, in its types. */
export class EmbeddedExternalIds1763970000000 extends TablesMigration {
  override addedIndexes = ['users.users_org_external_id'];
  override addedColumns = EXTERNAL_ID_COLUMNS;
  statements = () => externalIdStatements(SQLITE_TYPES);
  name = 'EmbeddedExternalIds1763970000000';
  tables = [];
}
