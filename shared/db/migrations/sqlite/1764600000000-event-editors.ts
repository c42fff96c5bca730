import { SQLITE_TYPES } from '../column-types.js';
import { TablesMigration } from '../tables-migration.js';
import {
  EVENT_EDITOR_COLUMNS,
  EVENT_EDITOR_INDEXES,
  eventEditorStatements,
} from '../1764600000000-event-editors.js';

/** EventEditors1764600000000 for the embedded SQLite database, in its types. */
export class EmbeddedEventEditors1764600000000 extends TablesMigration {
  name = 'EmbeddedEventEditors1764600000000';
  tables = [];
  override addedColumns = EVENT_EDITOR_COLUMNS;
  override addedIndexes = EVENT_EDITOR_INDEXES;
  statements = () => eventEditorStatements(SQLITE_TYPES);
}
