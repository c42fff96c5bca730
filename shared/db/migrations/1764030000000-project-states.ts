import { MARIADB_TYPES, type ColumnTypes } from './column-types.js';
import { TablesMigration } from './tables-migration.js';

/**
 * A project's state (DeactivateProject, ReactivateProject), on the project and its read model:
 * every project made before is active. The read model's removed projects stay as tombstones.
 */
export class ProjectStates1764030000000 extends TablesMigration {
  name = 'ProjectStates1764030000000';
  tables = [];
  override addedColumns = PROJECT_STATE_COLUMNS;
  statements = () => projectStateStatements(MARIADB_TYPES);
}

export const PROJECT_STATE_COLUMNS = ['projects.state', 'project_read_models.state'];

/** The statements in one database's column types. */
export function projectStateStatements(types: ColumnTypes): string[] {
  return ['projects', 'project_read_models'].map(
    (table) => `ALTER TABLE ${table} ADD COLUMN state ${types.state} NOT NULL DEFAULT 'active'`,
  );
}
