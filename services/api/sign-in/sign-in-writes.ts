import type { DataSource } from 'typeorm';
import {
  inBatchedTransaction,
  type BatchedTransaction,
} from '../../../shared/db/batched-transaction.js';
import { User, UserCode } from '../../../shared/db/entities/index.js';
import type {
  DomainEvent,
  PasswordChangedBy,
  SignInFailure,
} from '../../../shared/events/event-types.js';
import { commitChange } from '../../../shared/events/record-change.js';
import { codeState, type CodeState } from './activation/initialization-code.js';

/** What a sign-in attempt of a known user came to, as the sign-in pages tell it. */
export type SignInOutcome =
  | {
      succeeded: true;
      clientId: string;
      methods: string[];
      /** The argon2id hash that replaces a stored hash of another format (`from`). */
      upgradedHash?: { hash: string; from: string };
      /** The time step of the TOTP code accepted, stored so that it cannot be used again. */
      otpStep?: number;
    }
  | { succeeded: false; clientId: string | null; reason: SignInFailure; lockedUntil?: Date };

export type LockedUser = Pick<
  User,
  'id' | 'orgId' | 'version' | 'email' | 'emailVerified' | 'passwordHash' | 'otpLastStep'
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
      select: ['id', 'orgId', 'version', 'email', 'emailVerified', 'passwordHash', 'otpLastStep'],
      lock: true,
    },
  );
  return user;
}

/** Runs `change` on the user's locked row in one transaction; rejects when there is no user. */
function changeUser<T>(
  dataSource: DataSource,
  userId: string,
  change: (transaction: BatchedTransaction, user: LockedUser) => Promise<T>,
): Promise<T> {
  return inBatchedTransaction(dataSource, async (transaction) => {
    const user = await lockedUser(transaction, userId);
    if (!user) throw new Error(`no user ${userId}`);
    return change(transaction, user);
  });
}

/**
 * Records a sign-in of a known user. A success stores what it brings: the upgraded hash (with
 * `user.human.password.hash.upgraded`, which names only the old format) and the TOTP step. A
 * failure records its reason, and `user.human.locked` when this failure locked the user.
 *
 * The TOTP step is checked again under the row lock: when a sign-in with the same code won the
 * race, this one is recorded as failed (`otp-replayed`) and the answer says so.
 */
export function recordSignIn(
  dataSource: DataSource,
  userId: string,
  outcome: SignInOutcome,
): Promise<'recorded' | 'otp-replayed'> {
  return changeUser(dataSource, userId, async (transaction, user) => {
    if (!outcome.succeeded) {
      await commitChange(transaction, User, user, failureEvents(outcome), {});
      return 'recorded';
    }
    const { clientId, methods, upgradedHash, otpStep } = outcome;
    if (otpStep !== undefined && user.otpLastStep !== null && user.otpLastStep >= otpStep) {
      const replayed = { succeeded: false, clientId, reason: 'otp-replayed' } as const;
      await commitChange(transaction, User, user, failureEvents(replayed), {});
      return 'otp-replayed';
    }
    const events: DomainEvent[] = [
      { type: 'user.human.signin.succeeded', payload: { clientId, methods } },
    ];
    const columns: Partial<User> = {};
    if (upgradedHash) {
      events.push({
        type: 'user.human.password.hash.upgraded',
        payload: { from: upgradedHash.from },
      });
      columns.passwordHash = upgradedHash.hash;
    }
    if (otpStep !== undefined) columns.otpLastStep = otpStep;
    await commitChange(transaction, User, user, events, columns);
    return 'recorded';
  });
}

function failureEvents(outcome: Extract<SignInOutcome, { succeeded: false }>): DomainEvent[] {
  const { clientId, reason, lockedUntil } = outcome;
  const failed: DomainEvent = { type: 'user.human.signin.failed', payload: { clientId, reason } };
  if (!lockedUntil) return [failed];
  return [failed, { type: 'user.human.locked', payload: { until: lockedUntil.toISOString() } }];
}

/** Stores the user's new password hash and clears passwordChangeRequired. */
export async function changePassword(
  dataSource: DataSource,
  userId: string,
  passwordHash: string,
  by: PasswordChangedBy,
): Promise<void> {
  await changeUser(dataSource, userId, (transaction, user) =>
    commitChange(
      transaction,
      User,
      user,
      { type: 'user.human.password.changed', payload: { changeRequired: false, by } },
      { passwordHash, passwordChangeRequired: false },
    ),
  );
}

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
  return inBatchedTransaction(dataSource, async (transaction) => {
    const user = await lockedUser(transaction, input.userId);
    if (!user) return 'invalid';
    const codes = await transaction.find(
      UserCode,
      { userId: user.id, kind: 'initialization' },
      { select: ['id', 'codeHash', 'expiresAt', 'usedAt'] },
    );
    const now = new Date();
    const state = codeState(
      codes.find((code) => code.id === input.codeId),
      input.code,
      now,
    );
    if (state !== 'valid') return state;
    const unused = codes.filter((code) => !code.usedAt).map((code) => code.id);
    transaction.update(UserCode, { id: unused }, { usedAt: now });
    const events: DomainEvent[] = [
      { type: 'user.human.init.code.verified', payload: { codeId: input.codeId } },
      { type: 'user.human.password.changed', payload: { changeRequired: false, by: 'activation' } },
    ];
    if (!user.emailVerified)
      events.push({ type: 'user.human.email.verified', payload: { email: user.email } });
    await commitChange(transaction, User, user, events, {
      passwordHash,
      passwordChangeRequired: false,
      emailVerified: true,
    });
    return 'redeemed';
  });
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
  return inBatchedTransaction(dataSource, async (transaction) => {
    const user = await lockedUser(transaction, userId);
    if (!user) return 'unknown';
    if (user.emailVerified && user.passwordHash !== null) return 'not-due';
    const requested = { type: 'user.human.init.code.requested', payload: { by } } as const;
    await commitChange(transaction, User, user, requested, {});
    return 'requested';
  });
}
