import type { DataSource } from 'typeorm';
import {
  inBatchedTransaction,
  type BatchedTransaction,
} from '../../../shared/db/batched-transaction.js';
import { User } from '../../../shared/db/entities/index.js';

export type LockedUser = Pick<
  User,
  | 'id'
  | 'orgId'
  | 'version'
  | 'email'
  | 'emailVerified'
  | 'pendingEmail'
  | 'passwordHash'
  | 'otpLastStep'
>;

/** The user's row, locked until the transaction ends: one writer of a user's events at a time. */
export async function lockedUser(
  transaction: BatchedTransaction,
  userId: string,
): Promise<LockedUser | undefined> {
  const [user] = await transaction.find(
    User,
    { id: userId },
    {
      select: [
        'id',
        'orgId',
        'version',
        'email',
        'emailVerified',
        'pendingEmail',
        'passwordHash',
        'otpLastStep',
      ],
      lock: true,
    },
  );
  return user;
}

/**
 * The one way to change a user: `work` runs on the user's locked row in one transaction, and
 * records the user's events with the change (`commitChange`). A user that is not there is
 * answered by `ifGone` (by default an error: the caller had the user a moment ago).
 */
export function inUserTransaction<T>(
  dataSource: DataSource,
  userId: string,
  work: (transaction: BatchedTransaction, user: LockedUser) => Promise<T>,
  ifGone: () => T = () => {
    throw new Error(`no user ${userId}`);
  },
): Promise<T> {
  return inBatchedTransaction(dataSource, async (transaction) => {
    const user = await lockedUser(transaction, userId);
    return user ? work(transaction, user) : ifGone();
  });
}
