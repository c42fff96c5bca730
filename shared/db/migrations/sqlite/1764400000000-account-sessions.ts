import { SQLITE_TYPES } from '../column-types.js';
import { TablesMigration } from '../tables-migration.js';
import {
  ACCOUNT_SESSION_COLUMNS,
  ACCOUNT_SESSION_TABLES,
  accountSessionStatements,
} from '../1764400000000-account-sessions.js';

/** AccountSessions1764400000000 for the embedded SQLite database, in its types. */
export class EmbeddedAccountSessions1764400000000 extends TablesMigration {
  name = 'EmbeddedAccountSessions1764400000000';
  tables = ACCOUNT_SESSION_TABLES;
  override addedColumns = ACCOUNT_SESSION_COLUMNS;
  statements = () => accountSessionStatements(SQLITE_TYPES);
}
