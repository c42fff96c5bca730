import { randomUUID } from 'node:crypto';
import type { Config } from '../../../shared/config/config.js';
import { DEFAULT_ARGON2ID_COST } from './hash-formats/argon2.js';
import {
  hashPassword,
  inHashingSlot,
  isSupportedPasswordHash,
  matchesPasswordHash,
} from './password-hash.js';

/** The names of the accepted formats, as the hash-upgraded event's `from` gives them. */
const FORMAT_NAMES: [prefix: RegExp, name: string][] = [
  [/^\$2[aby]\$/, 'bcrypt'],
  [/^\$argon2id\$/, 'argon2id'],
  [/^\$argon2i\$/, 'argon2i'],
  [/^\$scrypt\$/, 'scrypt'],
  [/^\$pbkdf2(-sha1)?\$/, 'pbkdf2-sha1'],
  [/^\$pbkdf2-(sha224|sha256|sha384|sha512)\$/, 'pbkdf2-'],
  [/^\$5\$/, 'sha256-crypt'],
  [/^\$6\$/, 'sha512-crypt'],
  [/^\$1\$/, 'md5-crypt'],
  [/^\$firescrypt\$/, 'firebase-scrypt'],
  [/^\{SSHA\}/, 'ldap-ssha'],
  [/^\{SSHA256\}/, 'ldap-ssha256'],
  [/^\{SSHA512\}/, 'ldap-ssha512'],
  [/^\$[PH]\$/, 'phpass'],
];

/** The format of a stored hash in a word ('bcrypt', 'pbkdf2-sha256', …), never the hash itself. */
export function hashFormatName(storedHash: string): string {
  const [prefix, name] = FORMAT_NAMES.find(([prefix]) => prefix.test(storedHash)) ?? [];
  // PBKDF2's digest is part of the name: pbkdf2-sha256, …
  return name === 'pbkdf2-' ? `${name}${prefix!.exec(storedHash)![1]}` : (name ?? 'unknown');
}

const { memoryCost, timeCost, parallelism } = DEFAULT_ARGON2ID_COST;
const CURRENT_PREFIX = `$argon2id$v=19$`;
const CURRENT_COSTS = new Set([`m=${memoryCost}`, `t=${timeCost}`, `p=${parallelism}`]);

/** Whether `storedHash` is what hashPassword makes today: argon2id, v1.3, our cost. */
function isCurrent(storedHash: string): boolean {
  if (!storedHash.startsWith(CURRENT_PREFIX)) return false;
  const costs = storedHash.slice(CURRENT_PREFIX.length).split('$')[0]!.split(',');
  return costs.length === CURRENT_COSTS.size && costs.every((cost) => CURRENT_COSTS.has(cost));
}

let dummyHash: Promise<string> | undefined;

/**
 * An argon2id hash at the current cost of a password nobody knows, made once: checking against
 * it costs what checking a real password costs, so an unknown user name does not answer faster.
 */
function dummy(): Promise<string> {
  dummyHash ??= hashPassword(randomUUID());
  return dummyHash;
}

/**
 * Verifies `password` against a stored hash of any accepted import format (bcrypt, argon2i/id,
 * scrypt, PBKDF2-SHA1/256/512, SHA-256/512-crypt, MD5-crypt). With `storedHash` null (unknown
 * user, or no password) or unusable, it verifies against a dummy argon2id hash, costing the same
 * time, and answers false. Runs in the hashing slots (config.passwordHashConcurrency), which
 * imports share, so a flood of sign-ins cannot take every core. When the password is right and
 * the hash is not argon2id with the current parameters, `upgradedHash` is the new one.
 */
export async function verifyPassword(
  config: Config,
  storedHash: string | null,
  password: string,
): Promise<{ ok: boolean; upgradedHash?: string }> {
  const usable = storedHash !== null && isSupportedPasswordHash(storedHash) ? storedHash : null;
  return inHashingSlot(config.passwordHashConcurrency, async () => {
    if (usable === null) {
      await matchesPasswordHash(await dummy(), password);
      return { ok: false };
    }
    if (!(await matchesPasswordHash(usable, password))) return { ok: false };
    if (isCurrent(usable)) return { ok: true };
    return { ok: true, upgradedHash: await hashPassword(password) };
  });
}
