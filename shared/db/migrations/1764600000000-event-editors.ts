import { MARIADB_TYPES, type ColumnTypes } from './column-types.js';
import { TablesMigration } from './tables-migration.js';

/**
 * Who made each change: the editor of an event (the caller of the operation that recorded it,
 * null for what no call recorded and for the events before), and the indexes ListEvents reads an
 * organization's events by, newest first: all of them, and one aggregate's. ADD COLUMN of a null
 * column is instant on MariaDB, and the indexes are built online.
 */
export class EventEditors1764600000000 extends TablesMigration {
  name = 'EventEditors1764600000000';
  tables = [];
  override addedColumns = EVENT_EDITOR_COLUMNS;
  override addedIndexes = EVENT_EDITOR_INDEXES;
  statements = () => eventEditorStatements(MARIADB_TYPES);
}

export const EVENT_EDITOR_COLUMNS = ['events.editor_user_id'];
export const EVENT_EDITOR_INDEXES = [
  'events.events_org_position',
  'events.events_aggregate_position',
];

/** The statements in one database's column types. */
export function eventEditorStatements(types: ColumnTypes): string[] {
  return [
    `ALTER TABLE events ADD COLUMN editor_user_id ${types.id} NULL`,
    'CREATE INDEX events_org_position ON events (org_id, position)',
    'CREATE INDEX events_aggregate_position ON events (aggregate_id, position)',
  ];
}
