import { newId } from '../../../../shared/ids.js';
import type { DataSource } from 'typeorm';
import type { BatchedTransaction } from '../../../../shared/db/batched-transaction.js';
import { Passkey, User, UserCode } from '../../../../shared/db/entities/index.js';
import type { DomainEvent } from '../../../../shared/events/event-types.js';
import { commitChange } from '../../../../shared/events/record-change.js';
import { codeState } from '../initialization-code.js';
import { inUserTransaction } from '../user-transaction.js';
import type { RegisteredCredential } from './ceremonies.js';
import {
  limitReached,
  linkInvalid,
  MAX_PASSKEYS,
  notRecognized,
  passkeyNotFound,
  signCountRegressed,
  verificationFailed,
} from './passkey-errors.js';

/** The registration link's code a new passkey redeems: checked again under the user's lock. */
export interface RedeemedCode {
  codeId: string;
  code: string;
}

/**
 * Stores a verified credential as the user's passkey and records `user.human.passkey.added`, in
 * one transaction under the user's row lock. With `link`, the registration link's code must still
 * be the user's, unused and unexpired, and is used up by it.
 */
export function addPasskey(
  dataSource: DataSource,
  input: { userId: string; credential: RegisteredCredential; name: string; link?: RedeemedCode },
): Promise<Passkey> {
  const { userId, credential, name, link } = input;
  return ofPasskeyOwner(dataSource, userId, async (transaction, user) => {
    const now = new Date();
    if (link) {
      const [stored] = await transaction.find(
        UserCode,
        { id: link.codeId, userId, kind: 'passwordless_registration' },
        { select: ['id', 'codeHash', 'expiresAt', 'usedAt'] },
      );
      if (codeState(stored, link.code, now) !== 'valid') throw linkInvalid();
      transaction.update(UserCode, { id: link.codeId }, { usedAt: now });
    }
    const owned = await transaction.find(Passkey, { userId }, { select: ['id'] });
    if (owned.length >= MAX_PASSKEYS) throw limitReached();
    // excludeCredentials keeps an authenticator from registering one credential twice; a
    // response that names a stored credential anyway is not a new passkey.
    const [taken] = await transaction.find(
      Passkey,
      { credentialId: credential.credentialId },
      { select: ['id'] },
    );
    if (taken) throw verificationFailed();
    const passkey: Passkey = {
      id: newId(),
      userId,
      credentialId: credential.credentialId,
      publicKey: credential.publicKey,
      signCount: credential.signCount,
      transports: JSON.stringify(credential.transports),
      deviceType: credential.deviceType,
      backedUp: credential.backedUp,
      name,
      createdAt: now,
      lastUsedAt: null,
    };
    transaction.insert(Passkey, [passkey]);
    const added: DomainEvent = {
      type: 'user.human.passkey.added',
      payload: {
        passkeyId: passkey.id,
        name,
        via: link ? 'registration-link' : 'profile',
        ...(link && { codeId: link.codeId }),
      },
    };
    await commitChange(transaction, User, user, added, {});
    return passkey;
  });
}

/**
 * Records a verified passkey assertion, comparing its signature counter with the stored one under
 * the user's row lock: a counter that did not rise (while either is above 0) is refused and
 * recorded as `user.human.signin.failed` ('passkey-sign-count'); otherwise the counter, the backup
 * flag and the time of use are stored with `user.human.signin.succeeded` (methods ['passkey']).
 */
export async function recordPasskeySignIn(
  dataSource: DataSource,
  input: { passkeyId: string; userId: string; signCount: number; backedUp: boolean },
  clientId: string,
): Promise<void> {
  const outcome = await ofPasskeyOwner(dataSource, input.userId, async (transaction, user) => {
    const [passkey] = await transaction.find(
      Passkey,
      { id: input.passkeyId, userId: user.id },
      { select: ['id', 'signCount'] },
    );
    if (!passkey) return 'removed' as const;
    const stored = passkey.signCount;
    if ((input.signCount > 0 || stored > 0) && input.signCount <= stored) {
      const failed: DomainEvent = {
        type: 'user.human.signin.failed',
        payload: { clientId, reason: 'passkey-sign-count', passkeyId: passkey.id },
      };
      await commitChange(transaction, User, user, failed, {});
      return 'regressed' as const;
    }
    transaction.update(
      Passkey,
      { id: passkey.id },
      { signCount: input.signCount, backedUp: input.backedUp, lastUsedAt: new Date() },
    );
    const succeeded: DomainEvent = {
      type: 'user.human.signin.succeeded',
      payload: { clientId, methods: ['passkey'] },
    };
    await commitChange(transaction, User, user, succeeded, {});
    return 'recorded' as const;
  });
  if (outcome === 'removed') throw notRecognized();
  if (outcome === 'regressed') throw signCountRegressed();
}

/** What a change of a passkey leaves of its user: the sequence and time of the last event. */
export interface UserVersion {
  sequence: string;
  changeDate: Date;
  orgId: string;
}

/** Renames one of the user's passkeys (`user.human.passkey.renamed`). */
export function renamePasskey(
  dataSource: DataSource,
  input: { userId: string; passkeyId: string; name: string },
): Promise<UserVersion> {
  return changePasskey(dataSource, input, (transaction, passkey) => {
    if (passkey.name === input.name) return undefined;
    transaction.update(Passkey, { id: passkey.id }, { name: input.name });
    return {
      type: 'user.human.passkey.renamed',
      payload: { passkeyId: passkey.id, name: input.name },
    };
  });
}

/** Removes one of the user's passkeys (`user.human.passkey.removed`). */
export function removePasskey(
  dataSource: DataSource,
  input: { userId: string; passkeyId: string },
): Promise<UserVersion> {
  return changePasskey(dataSource, input, queuePasskeyRemoval);
}

/**
 * The passkey of the user's, found under the user's row lock (which the caller holds), or
 * PASSKEY-NOT-FOUND.
 */
export async function passkeyOf(
  transaction: BatchedTransaction,
  userId: string,
  passkeyId: string,
): Promise<Passkey> {
  const [passkey] = await transaction.find(Passkey, { id: passkeyId, userId });
  if (!passkey) throw passkeyNotFound();
  return passkey;
}

/** Queues the removal of a passkey and answers its event: it signs in no more. */
export function queuePasskeyRemoval(
  transaction: BatchedTransaction,
  passkey: Passkey,
): DomainEvent {
  transaction.queue('DELETE FROM passkeys WHERE id = ?', [passkey.id]);
  return { type: 'user.human.passkey.removed', payload: { passkeyId: passkey.id } };
}

/**
 * One change of a passkey of the user's, under the user's row lock, with its event; a passkey
 * the user does not have is PASSKEY-NOT-FOUND. A change that changes nothing records nothing and
 * answers the user's current sequence and change date.
 */
function changePasskey(
  dataSource: DataSource,
  input: { userId: string; passkeyId: string },
  change: (transaction: BatchedTransaction, passkey: Passkey) => DomainEvent | undefined,
): Promise<UserVersion> {
  return ofPasskeyOwner(dataSource, input.userId, async (transaction, user) => {
    const passkey = await passkeyOf(transaction, user.id, input.passkeyId);
    const event = change(transaction, passkey);
    if (!event) {
      const [current] = await transaction.find(
        User,
        { id: user.id },
        { select: ['sequence', 'changeDate'] },
      );
      return { sequence: current!.sequence, changeDate: current!.changeDate, orgId: user.orgId };
    }
    const { sequence, changeDate } = await commitChange(transaction, User, user, event, {});
    return { sequence, changeDate, orgId: user.orgId };
  });
}

/** inUserTransaction, a user that is gone being PASSKEY-NOT-RECOGNIZED. */
function ofPasskeyOwner<T>(
  dataSource: DataSource,
  userId: string,
  work: Parameters<typeof inUserTransaction<T>>[2],
): Promise<T> {
  return inUserTransaction(dataSource, userId, work, () => {
    throw notRecognized();
  });
}
