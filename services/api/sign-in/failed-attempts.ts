import type { DataSource } from 'typeorm';
import type { Config } from '../../../shared/config/config.js';
import { databaseFailureCounts, redisFailureCounts } from './failure-counts.js';

export interface FailedAttempts {
  /** When the user's lock ends, or null when not locked. */
  lockedUntil(userId: string): Promise<Date | null>;
  /**
   * Counts a failure for the user (when known) and the client address. `locked` is the new
   * lock's end when this failure locked the user now (the caller records the event). An attempt
   * refused because the user is locked is not a failure to count: it would only lock again.
   */
  fail(userId: string | null, address: string): Promise<{ locked: Date | null }>;
  /** Whether the address has failed too often (a flood from one address, any user names). */
  addressBlocked(address: string): Promise<boolean>;
  /** A successful sign-in clears the user's count. */
  succeed(userId: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Redis (config's REDIS_URL, when set) or else the service's database; shared by replicas.
 *
 * A user's failures are counted for `lockSeconds` from the first; the `maxFailures`-th locks the
 * user for `lockSeconds`. As the count began earlier, it has lapsed when the lock ends, and the
 * user starts afresh. An address's failures are counted the same way and block it past
 * `addressMaxFailures`, so that one address cannot try a password on many user names.
 */
export function createFailedAttempts(config: Config, dataSource: DataSource): FailedAttempts {
  const counts = config.redisUrl
    ? redisFailureCounts(config.redisUrl, config.redisKeyPrefix)
    : databaseFailureCounts(dataSource);
  const { maxFailures, lockSeconds, addressMaxFailures } = config.signIn;
  const windowMs = lockSeconds * 1000;
  return {
    lockedUntil: (userId) => counts.heldUntil(`lock:${userId}`),
    async fail(userId, address) {
      await counts.add(`address:${address}`, windowMs);
      if (userId === null) return { locked: null };
      // Each failure gets its own count, so exactly one of them reaches the limit and locks.
      if ((await counts.add(`user:${userId}`, windowMs)) !== maxFailures) return { locked: null };
      const until = new Date(Date.now() + windowMs);
      await counts.hold(`lock:${userId}`, until);
      return { locked: until };
    },
    async addressBlocked(address) {
      return (await counts.count(`address:${address}`)) > addressMaxFailures;
    },
    succeed: (userId) => counts.remove(`user:${userId}`),
    close: () => counts.close(),
  };
}
