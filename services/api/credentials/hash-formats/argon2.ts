import * as argon2 from 'argon2';
import {
  decodeUnpaddedBase64,
  isWithin,
  MAX_HASH_MEMORY_BYTES,
  parseCount,
  type PasswordHashFormat,
} from './format.js';

// `v=` is absent from hashes made before Argon2 v1.3. The reference encoder writes m,t,p while
// node-argon2 writes m,p,t, so the order of the parameters is free.
const ARGON2 =
  /^\$(argon2i|argon2id)\$(?:v=(\d+)\$)?([a-z0-9=,]+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Reads `m=..,t=..,p=..` in any order, each exactly once and nothing else. */
function parseCosts(text: string): Record<'m' | 't' | 'p', number | undefined> | undefined {
  const costs = new Map<string, number | undefined>();
  for (const pair of text.split(',')) {
    const [name = '', value, extra] = pair.split('=');
    if (!['m', 't', 'p'].includes(name) || costs.has(name) || extra !== undefined) return undefined;
    costs.set(name, parseCount(value));
  }
  return costs.size === 3 ? { m: costs.get('m'), t: costs.get('t'), p: costs.get('p') } : undefined;
}

/** The cost of the argon2id hashes we make ourselves. */
export interface Argon2idCost {
  /** Memory in KiB. */
  memoryCost: number;
  /** Passes over memory. */
  timeCost: number;
  /** Lanes. */
  parallelism: number;
}

/** OWASP Password Storage Cheat Sheet's argon2id minimum: 19 MiB, 2 passes, 1 lane. */
export const DEFAULT_ARGON2ID_COST: Argon2idCost = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/** argon2i and argon2id in PHC form; argon2d is left out as it leaks through side channels. */
export const argon2Format: PasswordHashFormat = (encoded) => {
  const match = ARGON2.exec(encoded);
  if (!match) return undefined;
  const [, , version, costText = '', salt = '', hash = ''] = match;
  const costs = parseCosts(costText);
  const saltBytes = decodeUnpaddedBase64(salt);
  const hashBytes = decodeUnpaddedBase64(hash);
  const wellFormed =
    (version === undefined || version === '16' || version === '19') &&
    costs !== undefined &&
    isWithin(costs.p, 1, 16) &&
    isWithin(costs.m, 8 * costs.p, MAX_HASH_MEMORY_BYTES / 1024) &&
    isWithin(costs.t, 1, 32) &&
    isWithin(saltBytes?.length, 8, 64) &&
    isWithin(hashBytes?.length, 16, 64);
  return wellFormed ? (password) => argon2.verify(encoded, password) : undefined;
};

/** Hashes with argon2id; the work runs on the libuv thread pool, not on the event loop. */
export function hashWithArgon2id(password: string, cost: Argon2idCost): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...cost });
}
