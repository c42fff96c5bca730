import type { DataSource } from 'typeorm';
import { User } from '../../../shared/db/entities/index.js';
import { commitChange } from '../../../shared/events/record-change.js';
import { uniqueNameKey } from '../../../shared/unique-name-key.js';
import { resendInitialization } from './activation.js';
import { inUserTransaction } from './user-transaction.js';

/** Users one login may name (a user name is unique, an email address need not be). */
const USERS_PER_LOGIN = 10;

/** The users a login names: by user name (any case), or by email address. */
export async function usersNamed(dataSource: DataSource, login: string): Promise<string[]> {
  if (!login) return [];
  const users = await dataSource.getRepository(User).find({
    where: [{ userNameLower: uniqueNameKey(login) }, { email: login }],
    select: ['id'],
    take: USERS_PER_LOGIN,
  });
  return users.map((user) => user.id);
}

/**
 * Asks for a new initialization email for each user the login names whose initialization is
 * still due (resendInitialization). Says nothing of what it found: the page answers alike.
 */
export async function requestInitializationEmails(
  dataSource: DataSource,
  login: string,
): Promise<void> {
  for (const userId of await usersNamed(dataSource, login))
    await resendInitialization(dataSource, userId, 'user');
}

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
    const requested = {
      type: 'user.human.passwordless.code.requested',
      payload: { by: 'user' },
    } as const;
    await inUserTransaction(
      dataSource,
      userId,
      async (transaction, user) => {
        await commitChange(transaction, User, user, requested, {});
      },
      () => undefined,
    );
  }
}
