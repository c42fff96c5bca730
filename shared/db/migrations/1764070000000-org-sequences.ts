import { MARIADB_TYPES, type ColumnTypes } from './column-types.js';
import { TablesMigration } from './tables-migration.js';

/**
 * An organization's sequence and change date (those of its last event, as a project's are), so
 * that GetMyOrg answers an ETag and the organization's changes (its name and state, members,
 * label policy) take If-Match. Organizations made before are given their last event's.
 */
export class OrgSequences1764070000000 extends TablesMigration {
  name = 'OrgSequences1764070000000';
  tables = [];
  override addedColumns = ORG_SEQUENCE_COLUMNS;
  statements = () => orgSequenceStatements(MARIADB_TYPES);
}

export const ORG_SEQUENCE_COLUMNS = ['organizations.sequence', 'organizations.change_date'];

/** The statements in one database's column types. */
export function orgSequenceStatements(types: ColumnTypes): string[] {
  return [
    `ALTER TABLE organizations ADD COLUMN sequence ${types.position} NOT NULL DEFAULT 0`,
    `ALTER TABLE organizations ADD COLUMN change_date ${types.time} NULL`,
    `UPDATE organizations SET
       sequence = COALESCE((SELECT MAX(position) FROM events
         WHERE aggregate_type = 'org' AND aggregate_id = organizations.id), 0),
       change_date = COALESCE((SELECT MAX(created_at) FROM events
         WHERE aggregate_type = 'org' AND aggregate_id = organizations.id), created_at)`,
  ];
}
