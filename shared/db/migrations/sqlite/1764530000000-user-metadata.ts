import { SQLITE_TYPES } from '../column-types.js';
import { TablesMigration } from '../tables-migration.js';
import { USER_METADATA_TABLES, userMetadataStatements } from '../1764530000000-user-metadata.js';

/** UserMetadata1764530000000 for the embedded SQLite database, in its types. */
export class EmbeddedUserMetadata1764530000000 extends TablesMigration {
  name = 'EmbeddedUserMetadata1764530000000';
  tables = USER_METADATA_TABLES;
  statements = () => userMetadataStatements(SQLITE_TYPES);
}
