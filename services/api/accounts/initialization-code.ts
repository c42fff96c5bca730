import { timingSafeEqual } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { hashOneTimeCode } from '../../../shared/credentials/one-time-code.js';
import { UserCode } from '../../../shared/db/entities/index.js';

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

/** The user's initialization codes: what a link's code is checked against. */
export function initializationCodesOf(
  dataSource: DataSource,
  userId: string,
): Promise<StoredCode[]> {
  return dataSource.getRepository(UserCode).find({
    where: { userId, kind: 'initialization' },
    select: ['id', 'codeHash', 'expiresAt', 'usedAt'],
  });
}

/**
 * Which of the user's initialization codes an activation link carries (the link names the user,
 * not the code's id), and its state. Every stored hash is compared, so the time taken does not
 * tell which one matched.
 */
export async function findInitializationCode(
  dataSource: DataSource,
  userId: string,
  code: string,
): Promise<{ codeId: string; state: CodeState } | { state: 'invalid' }> {
  const codes = await initializationCodesOf(dataSource, userId);
  const matches = codes.filter((stored) => codeMatches(stored, code));
  const [stored] = matches;
  return stored
    ? { codeId: stored.id, state: codeState(stored, code, new Date()) }
    : { state: 'invalid' };
}
