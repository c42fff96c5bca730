import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';
import { User } from '../../../shared/db/entities/index.js';
import { verifyPassword } from '../credentials/verify-password.js';
import type { FailedAttempts } from './failed-attempts.js';
import { recordSignIn } from './sign-in-records.js';

/**
 * Whether the password a signed-in person gives as their current one (to change it) is right,
 * checked as at sign-in: the attempt is counted first against the user name's failed attempts
 * (the budget the sign-in pages share), refused while the name is locked; a right password gives
 * the count back, a wrong one keeps it and is recorded as a failed sign-in (no client), with the
 * lock it led to. There is no client address here: each person's checks count as one address of
 * their own, so the name's budget is what bounds them.
 */
export async function checkOwnPassword(
  deps: { dataSource: DataSource; config: Config; failedAttempts?: FailedAttempts },
  userId: string,
  password: string,
): Promise<'right' | 'wrong' | 'locked'> {
  const { dataSource, config, failedAttempts } = deps;
  if (!failedAttempts) throw new Error('no failed attempts to count a password check against');
  const user = await dataSource
    .getRepository(User)
    .findOne({ where: { id: userId }, select: ['id', 'userName', 'passwordHash'] });
  if (!user) return 'wrong';
  const reserved = await failedAttempts.reserve(user.userName, `account:${userId}`);
  if (reserved.refused) return 'locked';
  const verified = await verifyPassword(config, user.passwordHash, password);
  if (verified.ok) {
    await reserved.attempt.passed();
    return 'right';
  }
  const { locked } = await reserved.attempt.failed();
  await recordSignIn(dataSource, userId, {
    succeeded: false,
    clientId: null,
    reason: 'wrong-password',
    ...(locked && { lockedUntil: locked }),
  });
  return 'wrong';
}
