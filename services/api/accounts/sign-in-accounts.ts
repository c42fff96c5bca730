import type { DataSource } from 'typeorm';
import { uniqueNameKey } from '../../../shared/unique-name-key.js';
import { changePassword } from './passwords.js';
import { recordSignIn, type SignInOutcome } from './sign-in-records.js';

/** A user as the sign-in steps need one. */
export interface SignInAccount {
  id: string;
  userName: string;
  /**
   * The user can sign in: not deactivated, not locked by an administrator, and of an active
   * organization.
   */
  active: boolean;
  passwordHash: string | null;
  passwordChangeRequired: boolean;
  otpSecretEncrypted: Uint8Array | null;
  /** The time step of the last TOTP code signed in with, refused again. */
  otpLastStep: number | null;
}

/** What the sign-in steps read and write of the accounts: the database's, or a test's. */
export interface SignInAccounts {
  /** The user a submitted name names (trimmed, any case). */
  named(userName: string): Promise<SignInAccount | undefined>;
  byId(id: string): Promise<SignInAccount | undefined>;
  /** recordSignIn: a success (and what it brings), or a failure with its reason and lock. */
  record(userId: string, outcome: SignInOutcome): Promise<'recorded' | 'otp-replayed'>;
  /** A new password chosen at sign-in: stored, and no change required any more. */
  changePassword(userId: string, passwordHash: string): Promise<void>;
}

interface UserRow {
  id: string;
  user_name: string;
  state: string;
  org_state: string;
  password_hash: string | null;
  password_change_required: number | boolean;
  otp_secret_encrypted: Uint8Array | null;
  otp_last_step?: number | string | null;
}

/**
 * The accounts in the service's database. Both reads take the whole row, for a name nobody has
 * as for a user's, so that the two cost the same.
 */
export function databaseSignInAccounts(dataSource: DataSource): SignInAccounts {
  const read = async (where: string, value: string) => {
    const rows: UserRow[] = await dataSource.query(
      `SELECT u.*, o.state AS org_state FROM users u JOIN organizations o ON o.id = u.org_id
        WHERE u.${where} = ?`,
      [value],
    );
    return rows[0] && account(rows[0]);
  };
  return {
    named: (userName) => read('user_name_lower', uniqueNameKey(userName.trim())),
    byId: (id) => read('id', id),
    record: (userId, outcome) => recordSignIn(dataSource, userId, outcome),
    changePassword: (userId, passwordHash) =>
      changePassword(dataSource, userId, passwordHash, 'sign-in'),
  };
}

function account(row: UserRow): SignInAccount {
  return {
    id: row.id,
    userName: row.user_name,
    active: row.state === 'active' && row.org_state === 'active',
    passwordHash: row.password_hash,
    passwordChangeRequired: Boolean(row.password_change_required),
    otpSecretEncrypted: row.otp_secret_encrypted,
    otpLastStep: row.otp_last_step == null ? null : Number(row.otp_last_step),
  };
}
