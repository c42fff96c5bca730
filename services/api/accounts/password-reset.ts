import type { DataSource } from 'typeorm';
import type { BatchedTransaction } from '../../../shared/db/batched-transaction.js';
import { Organization, User } from '../../../shared/db/entities/index.js';
import { commitChange } from '../../../shared/events/record-change.js';
import { useUpCode, type CodeState } from './initialization-code.js';
import { usersNamed } from './new-links.js';
import { inUserTransaction, type LockedUser } from './user-transaction.js';

/**
 * Asks for a password reset email (`user.human.password.code.requested`, which the worker
 * answers with a code and the email) for each user the login names who may reset a password:
 * a human user (machine users are not in `users`) with a verified email, active, of an active
 * organization. `interaction` is the sign-in the reset was asked from, which its link continues.
 * Says nothing of what it found: the "Forgot password?" page answers alike.
 */
export async function requestPasswordResets(
  dataSource: DataSource,
  login: string,
  interaction: string | undefined,
): Promise<void> {
  for (const userId of await usersNamed(dataSource, login))
    await inUserTransaction(
      dataSource,
      userId,
      async (transaction, user) => {
        if (!user.emailVerified || !(await mayResetPassword(transaction, user))) return;
        const payload = { by: 'user' as const, ...(interaction && { interaction }) };
        const requested = { type: 'user.human.password.code.requested', payload } as const;
        await commitChange(transaction, User, user, requested, {});
      },
      () => undefined,
    );
}

/**
 * Sets a new password with the code of a password reset email, in one transaction holding the
 * user's row: the user must still be active (a user deactivated or locked since refuses the
 * link, as 'invalid'), the code (of kind password_reset) match its hash, be unused and
 * unexpired. Then the password is stored (no change required any more), this code and every
 * other open reset code of the user used up, `user.human.password.changed` (`by: 'reset'`)
 * recorded, and `signOutEverywhere` queued in the transaction, so that every session, grant and
 * token of the user ends with the commit: whoever knew the old password is signed out. (The
 * provider's records are the provider's: the page hands over how they end.)
 */
export function redeemPasswordResetCode(
  dataSource: DataSource,
  input: { userId: string; codeId: string; code: string },
  passwordHash: string,
  signOutEverywhere: (transaction: BatchedTransaction, userId: string) => void,
): Promise<Exclude<CodeState, 'valid'> | 'redeemed'> {
  return inUserTransaction<Exclude<CodeState, 'valid'> | 'redeemed'>(
    dataSource,
    input.userId,
    async (transaction, user) => {
      if (!(await mayResetPassword(transaction, user))) return 'invalid';
      const state = await useUpCode(transaction, user.id, 'password_reset', input);
      if (state !== 'valid') return state;
      signOutEverywhere(transaction, user.id);
      await commitChange(
        transaction,
        User,
        user,
        { type: 'user.human.password.changed', payload: { changeRequired: false, by: 'reset' } },
        { passwordHash, passwordChangeRequired: false },
      );
      return 'redeemed';
    },
    () => 'invalid',
  );
}

/** Whether the user is active (not deactivated nor locked by an administrator) in an active organization. */
async function mayResetPassword(
  transaction: BatchedTransaction,
  user: LockedUser,
): Promise<boolean> {
  const [row] = await transaction.find(User, { id: user.id }, { select: ['state'] });
  const [org] = await transaction.find(Organization, { id: user.orgId }, { select: ['state'] });
  return row?.state === 'active' && org?.state === 'active';
}
