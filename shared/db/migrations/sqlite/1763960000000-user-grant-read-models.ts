import { SQLITE_TYPES } from '../column-types.js';
import { TablesMigration } from '../tables-migration.js';
import {
  USER_GRANT_READ_MODEL_TABLES,
  userGrantReadModelStatements,
} from '../1763960000000-user-grant-read-models.js';

/** UserGrantReadModels1763960000000 for the embedded SQLite database, in its types. */
export class EmbeddedUserGrantReadModels1763960000000 extends TablesMigration {
  statements = () => userGrantReadModelStatements(SQLITE_TYPES);
  tables = USER_GRANT_READ_MODEL_TABLES;
  name = 'EmbeddedUserGrantReadModels1763960000000';
}
