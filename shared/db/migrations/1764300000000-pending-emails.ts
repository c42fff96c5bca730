import { TablesMigration } from './tables-migration.js';

/**
 * The address a person asked to change their email to (SetMyEmail), which waits, unverified,
 * for its link to be followed; until then `email` stays the one the person signs in and is known
 * by. Null when none waits. The same statement on MariaDB and SQLite.
 */
export class PendingEmails1764300000000 extends TablesMigration {
  name = 'PendingEmails1764300000000';
  tables = [];
  override addedColumns = ['users.pending_email'];
  statements = () => ['ALTER TABLE users ADD COLUMN pending_email VARCHAR(320) NULL'];
}
