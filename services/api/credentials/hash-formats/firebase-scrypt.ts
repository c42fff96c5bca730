import { createCipheriv } from 'node:crypto';
import {
  type PasswordHashFormat,
  MAX_HASH_MEMORY_BYTES,
  digestsMatch,
  isWithin,
  parseCount,
} from './format.js';
import { BLOCK_BYTES, deriveKey } from './scrypt.js';

const BASE64 = '[A-Za-z0-9+/]+={0,2}';
const FIRESCRYPT = new RegExp(
  `^\\$firescrypt\\$ln=(\\d+),r=(\\d+),p=(\\d+)\\$(${BASE64})\\$(${BASE64})\\$(${BASE64})\\$(${BASE64})$`,
);

/** Standard base64 that re-encodes to itself: one hash, one spelling. */
function strictBase64(text: string): Buffer | undefined {
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text && bytes.length > 0 ? bytes : undefined;
}

/**
 * Firebase Authentication's modified scrypt, as `auth:export` hashes are written for Ory Kratos
 * and for us: `$firescrypt$ln=<mem_cost>,r=<rounds>,p=1$<salt>$<hash>$<salt separator>$<signer
 * key>` (standard base64). The key derived with scrypt from the password and the salt followed
 * by the separator (N = 2^mem_cost, 32 bytes) encrypts the project's signer key with AES-256-CTR
 * under a zero IV; the result is the hash.
 */
export const firebaseScryptFormat: PasswordHashFormat = (encoded) => {
  const match = FIRESCRYPT.exec(encoded);
  if (!match) return undefined;
  const [, logCost, blockSize, lanes, salt = '', hash = '', separator = '', signer = ''] = match;
  const log2N = parseCount(logCost);
  const r = parseCount(blockSize);
  const p = parseCount(lanes);
  const [saltBytes, expected, separatorBytes, signerKey] = [salt, hash, separator, signer].map(
    strictBase64,
  );
  if (
    !saltBytes ||
    !expected ||
    !separatorBytes ||
    !signerKey ||
    expected.length !== signerKey.length ||
    !isWithin(log2N, 1, 20) ||
    !isWithin(r, 1, 32) ||
    !isWithin(p, 1, 16) ||
    BLOCK_BYTES * r * 2 ** log2N > MAX_HASH_MEMORY_BYTES
  ) {
    return undefined;
  }
  const N = 2 ** log2N;
  const maxmem = BLOCK_BYTES * r * (N + p + 2);
  const scryptSalt = Buffer.concat([saltBytes, separatorBytes]);
  return async (password) => {
    const key = await deriveKey(password, scryptSalt, 32, { N, r, p, maxmem });
    const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
    return digestsMatch(expected, Buffer.concat([cipher.update(signerKey), cipher.final()]));
  };
};
