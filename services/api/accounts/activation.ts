import type { DataSource } from 'typeorm';
import { User } from '../../../shared/db/entities/index.js';
import type { DomainEvent } from '../../../shared/events/event-types.js';
import { commitChange } from '../../../shared/events/record-change.js';
import { useUpCode, type CodeState } from './initialization-code.js';
import { inUserTransaction } from './user-transaction.js';

/**
 * Activates an account with the code of its initialization email, in one transaction: the code
 * (the user's, of kind initialization) must match its hash, be unused and unexpired. Then the
 * password is set, the email verified, and this code and every other unused initialization code
 * of the user used up, so no older link can set the password again.
 */
export function redeemInitializationCode(
  dataSource: DataSource,
  input: { userId: string; codeId: string; code: string },
  passwordHash: string,
): Promise<Exclude<CodeState, 'valid'> | 'redeemed'> {
  return inUserTransaction<Exclude<CodeState, 'valid'> | 'redeemed'>(
    dataSource,
    input.userId,
    async (transaction, user) => {
      const state = await useUpCode(transaction, user.id, 'initialization', input);
      if (state !== 'valid') return state;
      const events: DomainEvent[] = [
        { type: 'user.human.init.code.verified', payload: { codeId: input.codeId } },
        {
          type: 'user.human.password.changed',
          payload: { changeRequired: false, by: 'activation' },
        },
      ];
      if (!user.emailVerified)
        events.push({ type: 'user.human.email.verified', payload: { email: user.email } });
      await commitChange(transaction, User, user, events, {
        passwordHash,
        passwordChangeRequired: false,
        emailVerified: true,
      });
      return 'redeemed';
    },
    () => 'invalid',
  );
}

/**
 * Asks for a new initialization email (`user.human.init.code.requested`, which the worker answers
 * with a new code and an email) for a user whose initialization is still due: the email is not
 * verified or no password is set. Says what it did, for the operator; the page tells nobody.
 */
export async function resendInitialization(
  dataSource: DataSource,
  userId: string,
  by: 'user' | 'admin',
): Promise<'requested' | 'not-due' | 'unknown'> {
  return inUserTransaction<'requested' | 'not-due' | 'unknown'>(
    dataSource,
    userId,
    async (transaction, user) => {
      if (user.emailVerified && user.passwordHash !== null) return 'not-due';
      const requested = { type: 'user.human.init.code.requested', payload: { by } } as const;
      await commitChange(transaction, User, user, requested, {});
      return 'requested';
    },
    () => 'unknown',
  );
}
