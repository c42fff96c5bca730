import type { DataSource } from 'typeorm';
import { User } from '../../../shared/db/entities/index.js';
import type { PasswordChangedBy } from '../../../shared/events/event-types.js';
import { commitChange } from '../../../shared/events/record-change.js';
import { inUserTransaction } from './user-transaction.js';

/** Stores the user's new password hash and clears passwordChangeRequired. */
export async function changePassword(
  dataSource: DataSource,
  userId: string,
  passwordHash: string,
  by: PasswordChangedBy,
): Promise<void> {
  await inUserTransaction(dataSource, userId, (transaction, user) =>
    commitChange(
      transaction,
      User,
      user,
      { type: 'user.human.password.changed', payload: { changeRequired: false, by } },
      { passwordHash, passwordChangeRequired: false },
    ),
  );
}
