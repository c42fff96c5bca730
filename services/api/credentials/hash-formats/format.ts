import { timingSafeEqual } from 'node:crypto';

/** Checks one password against an already-validated stored hash. */
export type PasswordCheck = (password: string) => Promise<boolean>;

/**
 * Reads a stored hash of one family. Returns undefined when the string is not a well-formed hash
 * of that family, so that support and verification share a single strict parser.
 */
export type PasswordHashFormat = (encoded: string) => PasswordCheck | undefined;

const STANDARD_BASE64 = /^[A-Za-z0-9+/]*$/;

/**
 * Decodes unpadded base64, also in passlib's "adapted" alphabet where '.' stands for '+'.
 * Buffer's decoder silently skips foreign characters and ignores dangling bits, so the text is
 * checked against the alphabet first and must re-encode to itself: one hash, one spelling.
 */
export function decodeUnpaddedBase64(text: string, adapted = false): Buffer | undefined {
  const standard = adapted ? text.replaceAll('.', '+') : text;
  if (!STANDARD_BASE64.test(standard) || standard.length % 4 === 1) return undefined;
  const bytes = Buffer.from(standard, 'base64');
  return bytes.toString('base64').replace(/=+$/, '') === standard ? bytes : undefined;
}

/** Compares digests without leaking, through timing, how long the matching prefix is. */
export function digestsMatch(expected: Buffer, actual: Buffer): boolean {
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Parses a decimal parameter written without sign or leading zeros, or returns undefined. */
export function parseCount(text: string | undefined): number | undefined {
  return text !== undefined && /^(0|[1-9]\d{0,9})$/.test(text) ? Number(text) : undefined;
}

export function isWithin(value: number | undefined, min: number, max: number): value is number {
  return value !== undefined && value >= min && value <= max;
}

/**
 * Memory ceiling for memory-hard formats. Common imports use 4-64 MiB; a larger value is more
 * likely a corrupt row than a real policy, and each login would reserve it.
 */
export const MAX_HASH_MEMORY_BYTES = 256 * 1024 * 1024;
