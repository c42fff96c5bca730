import pLimit, { type LimitFunction } from 'p-limit';
import {
  argon2Format,
  DEFAULT_ARGON2ID_COST,
  hashWithArgon2id,
  type Argon2idCost,
} from './hash-formats/argon2.js';
import { bcryptFormat } from './hash-formats/bcrypt.js';
import { firebaseScryptFormat } from './hash-formats/firebase-scrypt.js';
import { ldapSshaFormat } from './hash-formats/ldap-ssha.js';
import { phpassFormat } from './hash-formats/phpass.js';
import type { PasswordCheck, PasswordHashFormat } from './hash-formats/format.js';
import { md5CryptFormat } from './hash-formats/md5-crypt.js';
import { pbkdf2Format } from './hash-formats/pbkdf2.js';
import { scryptFormat } from './hash-formats/scrypt.js';
import { shaCryptFormat } from './hash-formats/sha-crypt.js';

const ACCEPTED_FORMATS: readonly PasswordHashFormat[] = [
  argon2Format,
  bcryptFormat,
  scryptFormat,
  pbkdf2Format,
  shaCryptFormat,
  md5CryptFormat,
  firebaseScryptFormat,
  ldapSshaFormat,
  phpassFormat,
];

// Far above any accepted encoding (SHA-512-crypt with rounds is ~123 characters); keeps the
// parsers' work bounded whatever a caller hands in.
const MAX_ENCODED_LENGTH = 512;

function checkFor(encoded: unknown): PasswordCheck | undefined {
  if (typeof encoded !== 'string' || encoded.length > MAX_ENCODED_LENGTH) return undefined;
  for (const format of ACCEPTED_FORMATS) {
    const check = format(encoded);
    if (check) return check;
  }
  return undefined;
}

/**
 * Tells whether a stored password hash is in a format we can verify, with sane parameters.
 *
 * Accepted: bcrypt (`$2a$`, `$2b$`, `$2y$`), argon2i and argon2id (PHC), scrypt in passlib's form,
 * PBKDF2 in passlib's and PHC's (`$pbkdf2-sha256$i=,l=$`; Keycloak's, converted), SHA-256-crypt (`$5$`), SHA-512-crypt (`$6$`), MD5-crypt (`$1$`), Firebase's
 * modified scrypt (`$firescrypt$`), LDAP's `{SSHA}`, `{SSHA256}`, `{SSHA512}` and phpass
 * (`$P$`, `$H$`).
 * The check is purely syntactic; it does not hash anything.
 *
 * @param encoded - The stored hash, e.g. from a user import.
 * @returns `true` only for a well-formed hash of an accepted format.
 */
export function isSupportedPasswordHash(encoded: string): boolean {
  return checkFor(encoded) !== undefined;
}

/**
 * Checks a password against a stored hash of any accepted format, our own argon2id included.
 * The hashing runs on the libuv thread pool, in a worker thread, or in small async steps, so
 * the event loop stays responsive.
 *
 * @param encoded - The stored hash.
 * @param password - The password the user typed.
 * @returns `true` when the password matches; `false` when it does not, or when the hash is
 *   unsupported or garbled. Never rejects.
 */
export async function matchesPasswordHash(encoded: string, password: string): Promise<boolean> {
  const check = checkFor(encoded);
  if (!check || typeof password !== 'string') return false;
  try {
    return await check(password);
  } catch {
    // A hash that parses but its library still refuses is as unusable as a garbled one.
    return false;
  }
}

const slots = new Map<number, LimitFunction>();

/**
 * Runs `hash` when fewer than `concurrency` hashes run in this process. argon2id is meant to take
 * a core and memory for tens of milliseconds: left alone, a burst of clear-password imports
 * would take every core and every libuv thread (which token checks and file access share) and
 * slow every other call. Callers past the limit wait their turn.
 */
export function inHashingSlot<T>(concurrency: number, hash: () => Promise<T>): Promise<T> {
  let slot = slots.get(concurrency);
  if (!slot) {
    slot = pLimit(concurrency);
    slots.set(concurrency, slot);
  }
  return slot(hash);
}

/**
 * Hashes a password for storage with argon2id, salted, on the libuv thread pool.
 *
 * @param password - The password to hash.
 * @param cost - Overrides for the OWASP defaults (m=19456 KiB, t=2, p=1).
 * @returns The PHC string: `$argon2id$v=19$<costs>$<salt>$<hash>`.
 */
export async function hashPassword(
  password: string,
  cost: Partial<Argon2idCost> = {},
): Promise<string> {
  // Field by field, so that an explicit `undefined` keeps our default instead of argon2's own.
  return hashWithArgon2id(password, {
    memoryCost: cost.memoryCost ?? DEFAULT_ARGON2ID_COST.memoryCost,
    timeCost: cost.timeCost ?? DEFAULT_ARGON2ID_COST.timeCost,
    parallelism: cost.parallelism ?? DEFAULT_ARGON2ID_COST.parallelism,
  });
}
