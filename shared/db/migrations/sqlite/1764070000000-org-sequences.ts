import { SQLITE_TYPES } from '../column-types.js';
import { TablesMigration } from '../tables-migration.js';
import { ORG_SEQUENCE_COLUMNS, orgSequenceStatements } from '../1764070000000-org-sequences.js';

/** OrgSequences1764070000000 for the embedded SQLite database, in its types. */
export class EmbeddedOrgSequences1764070000000 extends TablesMigration {
  override addedColumns = ORG_SEQUENCE_COLUMNS;
  statements = () => orgSequenceStatements(SQLITE_TYPES);
  name = 'EmbeddedOrgSequences1764070000000';
  tables = [];
}
