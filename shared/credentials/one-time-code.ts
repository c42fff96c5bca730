import { createHash, randomBytes } from 'node:crypto';

export interface OneTimeCode {
  /** Handed to the user once, in a link; never stored. */
  code: string;
  /** What is stored. */
  hash: Buffer;
}

/**
 * A random code with 192 bits of entropy. So much entropy makes a fast hash (SHA-256) safe to
 * store: nobody can guess back from it, so no slow password hash is needed.
 */
export function createOneTimeCode(): OneTimeCode {
  const code = randomBytes(24).toString('base64url');
  return { code, hash: hashOneTimeCode(code) };
}

export function hashOneTimeCode(code: string): Buffer {
  return createHash('sha256').update(code, 'utf8').digest();
}
