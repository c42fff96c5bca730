import type { DataSource } from 'typeorm';
import { User } from '../../../shared/db/entities/index.js';
import { commitChange } from '../../../shared/events/record-change.js';
import { useUpCode, type CodeState } from './initialization-code.js';
import { inUserTransaction } from './user-transaction.js';

/**
 * Verifies the email address an administrator set (UpdateHumanEmail) with the code of the link
 * the worker emailed to it, in one transaction: the code (the user's, of kind
 * email_verification) must match its hash, be unused and unexpired. The address is then
 * verified (`user.human.email.verified`) and every unused verification code of the user used up.
 * Answers the address verified.
 */
export function redeemEmailVerificationCode(
  dataSource: DataSource,
  input: { userId: string; codeId: string; code: string },
): Promise<Exclude<CodeState, 'valid'> | { verified: string }> {
  return inUserTransaction<Exclude<CodeState, 'valid'> | { verified: string }>(
    dataSource,
    input.userId,
    async (transaction, user) => {
      const state = await useUpCode(transaction, user.id, 'email_verification', input);
      if (state !== 'valid') return state;
      const verified = {
        type: 'user.human.email.verified',
        payload: { email: user.email },
      } as const;
      await commitChange(transaction, User, user, verified, { emailVerified: true });
      return { verified: user.email };
    },
    () => 'invalid',
  );
}
