import { MARIADB_TYPES, type ColumnTypes } from './column-types.js';
import { TablesMigration } from './tables-migration.js';

/**
 * Branding of the sign-in pages: one label policy per organization that set one, and the
 * instance's default under the owner `''` (its row is made here, so that the first change can lock
 * it; `active` 0 until one is set). An organization's changes are events of the organization,
 * numbered by its new `version`; the instance default's by its row's. `version` is the aggregate's
 * version at the policy's last change (the pages' cache key), `sequence` that event's position.
 */
export class LabelPolicies1763950000000 extends TablesMigration {
  name = 'LabelPolicies1763950000000';
  tables = LABEL_POLICY_TABLES;
  override addedColumns = ['organizations.version'];
  statements = () => labelPolicyStatements(MARIADB_TYPES);
}

export const LABEL_POLICY_TABLES = ['label_policies'];

/** The migration's statements in `types`: the table, the instance default's row, the version. */
export function labelPolicyStatements(types: ColumnTypes): string[] {
  const colours = ['primary', 'background', 'warning', 'font'].map(
    (name) => `${name}_color ${types.colour} NULL,`,
  );
  return [
    `CREATE TABLE label_policies (
       owner_id ${types.id} NOT NULL PRIMARY KEY,
       active ${types.flag} NOT NULL,
       ${colours.join('\n       ')}
       hide_service_name ${types.flag} NOT NULL,
       logo ${types.bytes} NULL,
       logo_type VARCHAR(32) NULL,
       version ${types.count} NOT NULL,
       sequence ${types.position} NOT NULL,
       change_date ${types.time} NOT NULL
     ) ${types.options}`,
    `INSERT INTO label_policies
       (owner_id, active, hide_service_name, version, sequence, change_date)
       VALUES ('', 0, 0, 0, 0, '2025-11-24 00:00:00.000')`,
    `ALTER TABLE organizations ADD COLUMN version ${types.count} NOT NULL DEFAULT 0`,
  ];
}
