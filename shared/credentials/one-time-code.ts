import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

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

/**
 * The code of stored code `codeId`, derived with HMAC-SHA256 under a key of its own (HKDF from
 * the service's secret key). Whoever sends it can make it again without it ever being stored, so
 * an email sent a second time after a crash carries the same working link as the first.
 */
export function deriveOneTimeCode(secretKey: Buffer, codeId: string): OneTimeCode {
  const key = Buffer.from(hkdfSync('sha256', secretKey, '', 'identity one-time code v1', 32));
  const code = createHmac('sha256', key).update(codeId, 'utf8').digest().subarray(0, 24);
  const text = code.toString('base64url');
  return { code: text, hash: hashOneTimeCode(text) };
}
