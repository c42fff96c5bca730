import { timingSafeEqual } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { BatchedTransaction } from '../../../shared/db/batched-transaction.js';
import { hashOneTimeCode } from '../../../shared/credentials/one-time-code.js';
import { UserCode } from '../../../shared/db/entities/index.js';
import type { UserCodeKind } from '../../../shared/db/entities/user-code.entity.js';

/** What an initialization link's code comes to. */
export type CodeState = 'valid' | 'expired' | 'used' | 'invalid';

export type StoredCode = Pick<UserCode, 'id' | 'codeHash' | 'expiresAt' | 'usedAt'>;

/** Whether `code` is the one stored as `stored`, compared in constant time. */
export function codeMatches(stored: StoredCode, code: string): boolean {
  const hash = hashOneTimeCode(code);
  return stored.codeHash.length === hash.length && timingSafeEqual(stored.codeHash, hash);
}

/** The state of a stored code for the code a link carries: its hash first, then use and expiry. */
export function codeState(stored: StoredCode | undefined, code: string, now: Date): CodeState {
  if (!stored || !codeMatches(stored, code)) return 'invalid';
  if (stored.usedAt) return 'used';
  return stored.expiresAt.getTime() <= now.getTime() ? 'expired' : 'valid';
}

/** The user's codes of `kind` (initialization by default): what a link's code is checked against. */
export function initializationCodesOf(
  dataSource: DataSource,
  userId: string,
  kind: UserCodeKind = 'initialization',
): Promise<StoredCode[]> {
  return dataSource.getRepository(UserCode).find({
    where: { userId, kind },
    select: ['id', 'codeHash', 'expiresAt', 'usedAt'],
  });
}

/**
 * Which of the user's codes of `kind` (initialization by default) a link carries (the link names
 * the user, not the code's id), and its state. Every stored hash is compared, so the time taken does not
 * tell which one matched.
 */
export async function findInitializationCode(
  dataSource: DataSource,
  userId: string,
  code: string,
  kind: UserCodeKind = 'initialization',
): Promise<{ codeId: string; state: CodeState } | { state: 'invalid' }> {
  const codes = await initializationCodesOf(dataSource, userId, kind);
  const matches = codes.filter((stored) => codeMatches(stored, code));
  const [stored] = matches;
  return stored
    ? { codeId: stored.id, state: codeState(stored, code, new Date()) }
    : { state: 'invalid' };
}

/**
 * Redeems a link's code in the user's transaction (the caller holds the user's row lock): the
 * code `codeId` of the user's codes of `kind` must match `code`, be unused and unexpired; then it
 * and every other unused code of that kind are used up, so that no older link works either.
 * Answers the code's state ('valid' when it was redeemed).
 */
export async function useUpCode(
  transaction: BatchedTransaction,
  userId: string,
  kind: UserCodeKind,
  input: { codeId: string; code: string },
): Promise<CodeState> {
  const codes = await transaction.find(
    UserCode,
    { userId, kind },
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
  return state;
}
