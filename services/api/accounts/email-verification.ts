import type { DataSource } from 'typeorm';
import type { BatchedTransaction } from '../../../shared/db/batched-transaction.js';
import { User, UserCode } from '../../../shared/db/entities/index.js';
import type { DomainEvent } from '../../../shared/events/event-types.js';
import { commitChange } from '../../../shared/events/record-change.js';
import { useUpCode, type CodeState } from './initialization-code.js';
import { inUserTransaction } from './user-transaction.js';

/** A verified address, and the user's sequence and change date after it. */
export interface EmailVerified {
  verified: string;
  changed: { sequence: string; changeDate: Date };
}

/**
 * Verifies an address with the code of the link the worker emailed to it, in one transaction:
 * the code (the user's, of kind email_verification) must match its hash, be unused and
 * unexpired. When the person asked to change their email (SetMyEmail), the address waiting
 * becomes the email, verified (`user.human.email.changed`, `user.human.email.verified`);
 * otherwise the email an administrator or an import set is verified
 * (`user.human.email.verified`). Every unused verification code of the user is used up.
 * Answers the address verified.
 */
export function redeemEmailVerificationCode(
  dataSource: DataSource,
  input: { userId: string; codeId: string; code: string },
): Promise<Exclude<CodeState, 'valid'> | EmailVerified> {
  return inUserTransaction<Exclude<CodeState, 'valid'> | EmailVerified>(
    dataSource,
    input.userId,
    async (transaction, user) => {
      const state = await useUpCode(transaction, user.id, 'email_verification', input);
      if (state !== 'valid') return state;
      const email = user.pendingEmail ?? user.email;
      const events: DomainEvent[] = [];
      if (email !== user.email)
        events.push({ type: 'user.human.email.changed', payload: { email } });
      events.push({ type: 'user.human.email.verified', payload: { email } });
      const changed = await commitChange(transaction, User, user, events, {
        email,
        emailVerified: true,
        pendingEmail: null,
      });
      return { verified: email, changed };
    },
    () => 'invalid',
  );
}

/**
 * Uses up every open verification link of the user, in the transaction that changes the address
 * they would verify: a link sent to an address no longer asked for verifies nothing.
 */
export async function useUpVerificationCodes(
  transaction: BatchedTransaction,
  userId: string,
): Promise<void> {
  const codes = await transaction.find(
    UserCode,
    { userId, kind: 'email_verification' },
    { select: ['id', 'usedAt'] },
  );
  const unused = codes.filter((code) => !code.usedAt).map((code) => code.id);
  if (unused.length > 0) transaction.update(UserCode, { id: unused }, { usedAt: new Date() });
}
