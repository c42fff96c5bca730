import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Config, SignInConfig } from '../../../shared/config/config.js';
import { uniqueNameKey } from '../../../shared/unique-name-key.js';
import { databaseFailureCounts, redisFailureCounts, type FailureCounts } from './failure-counts.js';

/** What an attempt at a secret (a password, a TOTP code) may do before the secret is checked. */
export type Reservation =
  | { refused: 'address-blocked'; attempt?: undefined }
  | { refused: 'locked'; until: Date; attempt?: undefined }
  | { refused?: undefined; attempt: Attempt };

/** An attempt that holds one of its name's and its address's slots while its secret is checked. */
export interface Attempt {
  /** The secret was right: the attempt was no failure, and its slots are given back. */
  passed(): Promise<void>;
  /**
   * The secret was wrong: the attempt stays counted. `locked` is the lock's end when this was the
   * name's last allowed attempt, so that its failure is what locks the name.
   */
  failed(): Promise<{ locked: Date | null }>;
}

export interface FailedAttempts {
  /**
   * Counts an attempt for the user name submitted (whether anyone has it or not: both are
   * answered alike) and for the client address, before its secret is checked, and answers whether
   * it may be checked. Counting first is what bounds a flood: however many attempts arrive at
   * once, no more than `maxFailures` of a name's are checked within the window, and no more than
   * `addressMaxFailures` of an address's.
   */
  reserve(userName: string, address: string): Promise<Reservation>;
  /** The user signed in: the name's count and lock end. */
  signedIn(userName: string): Promise<void>;
  close(): Promise<void>;
}

/** What an administrator sees of a name's sign-in lock, and lifts (UnlockUser). */
export interface SignInLocks {
  /** Until when failed attempts lock the name, or null when they do not. */
  lockedUntil(userName: string): Promise<Date | null>;
  /** The name's count and lock end, as at a sign-in. */
  lift(userName: string): Promise<void>;
}

/**
 * Redis (config's REDIS_URL, when set) or else the service's database; shared by replicas.
 *
 * A name's attempts are counted for `lockSeconds` from the first. The `maxFailures`-th locks the
 * name for `lockSeconds` as it is counted, so that no other attempt is checked while it is; if
 * it passes, the lock is lifted, and if it fails, it stands. As the count began earlier, it has
 * lapsed when the lock ends, and the name starts afresh. An address's attempts are counted the
 * same way, and past `addressMaxFailures` it is refused, so that one address cannot try a
 * password on many user names. An attempt refused is counted against neither: it checked nothing.
 */
export function createFailedAttempts(
  config: Config,
  dataSource: DataSource,
): FailedAttempts & SignInLocks {
  return failedAttempts(
    config.signIn,
    config.redisUrl
      ? redisFailureCounts(config.redisUrl, config.redisKeyPrefix)
      : databaseFailureCounts(dataSource),
  );
}

/** The rules above over any store of counts (a test's too). */
export function failedAttempts(
  signIn: SignInConfig,
  counts: FailureCounts,
): FailedAttempts & SignInLocks {
  const { maxFailures, lockSeconds, addressMaxFailures } = signIn;
  const windowMs = lockSeconds * 1000;
  const lift = async (userName: string) => {
    const { count, lock } = keysOf(userName);
    await counts.remove(count);
    await counts.remove(lock);
  };
  return {
    async reserve(userName, address) {
      const { count, lock } = keysOf(userName);
      const lockedUntil = await counts.heldUntil(lock);
      if (lockedUntil) return { refused: 'locked', until: lockedUntil };
      const addressCount = `address:${address}`;
      if ((await counts.add(addressCount, windowMs)) > addressMaxFailures) {
        await counts.subtract(addressCount);
        return { refused: 'address-blocked' };
      }
      // Each attempt gets its own number, so exactly one of them is the last allowed.
      const number = await counts.add(count, windowMs);
      if (number > maxFailures) {
        // Refused, so not counted: the name's count stays that of the attempts checked.
        await counts.subtract(count);
        await counts.subtract(addressCount);
        const until = await counts.heldUntil(lock);
        return { refused: 'locked', until: until ?? new Date(Date.now() + windowMs) };
      }
      const locks = number === maxFailures ? new Date(Date.now() + windowMs) : null;
      if (locks) await counts.hold(lock, locks);
      return {
        attempt: {
          async passed() {
            await counts.subtract(count);
            await counts.subtract(addressCount);
            if (locks) await counts.remove(lock);
          },
          async failed() {
            if (!locks) return { locked: null };
            // A sign-in that succeeded meanwhile lifted the lock: then this failure locked nothing.
            const until = await counts.heldUntil(lock);
            return { locked: until?.getTime() === locks.getTime() ? locks : null };
          },
        },
      };
    },
    signedIn: lift,
    lift,
    lockedUntil: (userName) => counts.heldUntil(keysOf(userName).lock),
    close: () => counts.close(),
  };
}

/**
 * A name's keys: by a digest of its unique key (any case, either Unicode form), so a key has one
 * length whatever was submitted, and the store holds no user names.
 */
function keysOf(userName: string): { count: string; lock: string } {
  const name = createHash('sha256').update(uniqueNameKey(userName.trim())).digest('base64url');
  return { count: `name:${name}`, lock: `lock:${name}` };
}
