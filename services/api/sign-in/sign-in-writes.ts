// STAND-IN: replaced by events at merge
import type { DataSource } from 'typeorm';

export type SignInFailure = 'wrong-password' | 'wrong-otp' | 'otp-replayed' | 'locked' | 'inactive';

export async function recordSignIn(
  _dataSource: DataSource,
  _userId: string,
  _outcome:
    | {
        succeeded: true;
        clientId: string;
        methods: string[];
        upgradedHash?: { hash: string; from: string };
        otpStep?: number;
      }
    | { succeeded: false; clientId: string | null; reason: SignInFailure; lockedUntil?: Date },
): Promise<void> {}

export async function changePassword(
  dataSource: DataSource,
  userId: string,
  passwordHash: string,
  _by: 'sign-in' | 'activation',
): Promise<void> {
  await dataSource.query(
    'UPDATE users SET password_hash = ?, password_change_required = ? WHERE id = ?',
    [passwordHash, false, userId],
  );
}
