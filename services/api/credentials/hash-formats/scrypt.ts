import { scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import {
  decodeUnpaddedBase64,
  digestsMatch,
  isWithin,
  MAX_HASH_MEMORY_BYTES,
  parseCount,
  type PasswordHashFormat,
} from './format.js';

/** Node's scrypt, promised, with the options both scrypt formats pass. */
export const deriveKey = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keyLength: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

// passlib writes standard base64; some exporters use its adapted alphabet ('.' for '+').
const SCRYPT = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/.]+)\$([A-Za-z0-9+/.]+)$/;

/** scrypt's block is 128 × r bytes; N of them are held at once. */
export const BLOCK_BYTES = 128;

/** scrypt as passlib writes it: `$scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt>$<hash>`. */
export const scryptFormat: PasswordHashFormat = (encoded) => {
  const match = SCRYPT.exec(encoded);
  if (!match) return undefined;
  const [, logCost, blockSize, lanes, salt = '', hash = ''] = match;
  const log2N = parseCount(logCost);
  const r = parseCount(blockSize);
  const p = parseCount(lanes);
  const saltBytes = decodeUnpaddedBase64(salt, true);
  const expected = decodeUnpaddedBase64(hash, true);
  if (
    !saltBytes ||
    !expected ||
    !isWithin(log2N, 1, 20) ||
    !isWithin(r, 1, 32) ||
    !isWithin(p, 1, 16) ||
    BLOCK_BYTES * r * 2 ** log2N > MAX_HASH_MEMORY_BYTES ||
    !isWithin(saltBytes.length, 8, 64) ||
    !isWithin(expected.length, 16, 64)
  ) {
    return undefined;
  }
  const N = 2 ** log2N;
  // What OpenSSL reserves for these parameters; Node's 32 MiB default refuses passlib's ln=16.
  const maxmem = BLOCK_BYTES * r * (N + p + 2);
  return async (password) => {
    const actual = await deriveKey(password, saltBytes, expected.length, { N, r, p, maxmem });
    return digestsMatch(expected, actual);
  };
};
