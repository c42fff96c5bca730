import { SQLITE_TYPES } from '../column-types.js';
import { TablesMigration } from '../tables-migration.js';
import { PROJECT_STATE_COLUMNS, projectStateStatements } from '../1764030000000-project-states.js';

/** ProjectStates1764030000000 for the embedded SQLite database, in its types. */
export class EmbeddedProjectStates1764030000000 extends TablesMigration {
  override addedColumns = PROJECT_STATE_COLUMNS;
  statements = () => projectStateStatements(SQLITE_TYPES);
  name = 'EmbeddedProjectStates1764030000000';
  tables = [];
}
