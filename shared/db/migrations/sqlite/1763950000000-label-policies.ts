import { SQLITE_TYPES } from '../column-types.js';
import { TablesMigration } from '../tables-migration.js';
import { LABEL_POLICY_TABLES, labelPolicyStatements } from '../1763950000000-label-policies.js';

/** LabelPolicies1763950000000 for the embedded SQLite database, in its types. */
export class EmbeddedLabelPolicies1763950000000 extends TablesMigration {
  name = 'EmbeddedLabelPolicies1763950000000';
  override addedColumns = ['organizations.version'];
  tables = LABEL_POLICY_TABLES;
  statements = () => labelPolicyStatements(SQLITE_TYPES);
}
