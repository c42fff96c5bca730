import type { DataSource } from 'typeorm';
import { inBatchedTransaction } from '../../../../shared/db/batched-transaction.js';
import { User } from '../../../../shared/db/entities/index.js';
import { commitChange } from '../../../../shared/events/record-change.js';
import { usersNamed } from '../activation/activation-routes.js';
import { lockedUser } from '../sign-in-writes.js';

/**
 * Asks for a new passwordless registration link (`user.human.passwordless.code.requested`, which
 * the worker answers with a new code and an email) for each user the login names who was sent a
 * link before and has registered no passkey since. Says nothing of what it found: the page
 * answers alike.
 */
export async function requestPasswordlessLinks(dataSource: DataSource, login: string) {
  for (const userId of await usersNamed(dataSource, login)) {
    const [due] = (await dataSource.query(
      `SELECT 1 AS due FROM user_codes c
        WHERE c.user_id = ? AND c.kind = 'passwordless_registration'
          AND NOT EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = c.user_id)
        LIMIT 1`,
      [userId],
    )) as { due: number }[];
    if (!due) continue;
    await inBatchedTransaction(dataSource, async (transaction) => {
      const user = await lockedUser(transaction, userId);
      if (!user) return;
      const requested = {
        type: 'user.human.passwordless.code.requested',
        payload: { by: 'user' },
      } as const;
      await commitChange(transaction, User, user, requested, {});
    });
  }
}
