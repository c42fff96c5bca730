import { MARIADB_TYPES, type ColumnTypes } from './column-types.js';
import { TablesMigration } from './tables-migration.js';

/**
 * A person's own TOTP set-up and their sessions, for the account page: the secret of a TOTP
 * factor being added (encrypted, pending until its first code confirms it; a sign-in does not
 * ask for it), and what a sign-in recorded of the browser it finished in (device, address,
 * time), by the provider's session uid, with when the session was last used.
 */
export class AccountSessions1764400000000 extends TablesMigration {
  name = 'AccountSessions1764400000000';
  tables = ACCOUNT_SESSION_TABLES;
  override addedColumns = ACCOUNT_SESSION_COLUMNS;
  override addedIndexes = [];
  statements = () => accountSessionStatements(MARIADB_TYPES);
}

export const ACCOUNT_SESSION_TABLES = ['signed_in_sessions'];
export const ACCOUNT_SESSION_COLUMNS = ['users.otp_pending_secret_encrypted'];

/** The statements in one database's column types. */
export function accountSessionStatements(types: ColumnTypes): string[] {
  const indexInTable = types === MARIADB_TYPES;
  return [
    `ALTER TABLE users ADD COLUMN otp_pending_secret_encrypted ${types.bytes} NULL`,
    `CREATE TABLE signed_in_sessions (
       session_uid VARCHAR(255) NOT NULL PRIMARY KEY,
       user_id ${types.id} NOT NULL,
       user_agent ${types.text} NOT NULL,
       address VARCHAR(64) NOT NULL,
       signed_in_at ${types.time} NOT NULL,
       last_used_at ${types.time} NULL
       ${indexInTable ? ', KEY signed_in_sessions_user (user_id)' : ''}
     ) ${types.options}`,
    ...(indexInTable
      ? []
      : ['CREATE INDEX signed_in_sessions_user ON signed_in_sessions (user_id)']),
  ];
}
