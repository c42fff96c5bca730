import type { DataSource } from 'typeorm';
import { User } from '../../../shared/db/entities/index.js';
import type { DomainEvent, SignInFailure } from '../../../shared/events/event-types.js';
import { commitChange } from '../../../shared/events/record-change.js';
import { inUserTransaction } from './user-transaction.js';

/** What a sign-in attempt of a known user came to, as the sign-in pages tell it. */
export type SignInOutcome =
  | {
      succeeded: true;
      clientId: string;
      methods: string[];
      /** The identity provider signed in through, when `methods` has 'idp'. */
      idpId?: string;
      /** The argon2id hash that replaces a stored hash of another format (`from`). */
      upgradedHash?: { hash: string; from: string };
      /** The time step of the TOTP code accepted, stored so that it cannot be used again. */
      otpStep?: number;
    }
  | { succeeded: false; clientId: string | null; reason: SignInFailure; lockedUntil?: Date };

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
  return inUserTransaction(dataSource, userId, async (transaction, user) => {
    if (!outcome.succeeded) {
      await commitChange(transaction, User, user, failureEvents(outcome), {});
      return 'recorded';
    }
    const { clientId, methods, idpId, upgradedHash, otpStep } = outcome;
    if (otpStep !== undefined && user.otpLastStep !== null && user.otpLastStep >= otpStep) {
      const replayed = { succeeded: false, clientId, reason: 'otp-replayed' } as const;
      await commitChange(transaction, User, user, failureEvents(replayed), {});
      return 'otp-replayed';
    }
    const events: DomainEvent[] = [
      {
        type: 'user.human.signin.succeeded',
        payload: { clientId, methods, ...(idpId !== undefined && { idpId }) },
      },
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
