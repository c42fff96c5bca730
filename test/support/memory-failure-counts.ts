import type { FailureCounts } from '../../services/api/accounts/failure-counts.js';

/**
 * Failure counts in a Map, for the sign-in steps' unit tests: the same contract as the Redis and
 * database stores (test/integration/failed-attempts.test.ts holds those to it), in one process.
 */
export function memoryFailureCounts(): FailureCounts {
  const entries = new Map<string, { count: number; until: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.until <= Date.now()) entries.delete(key);
    return entries.get(key);
  };
  return {
    async add(key, windowMs) {
      const entry = live(key) ?? { count: 0, until: Date.now() + windowMs };
      entry.count += 1;
      entries.set(key, entry);
      return entry.count;
    },
    async subtract(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async hold(key, until) {
      entries.set(key, { count: 0, until: until.getTime() });
    },
    async heldUntil(key) {
      const entry = live(key);
      return entry ? new Date(entry.until) : null;
    },
    async remove(key) {
      entries.delete(key);
    },
    async close() {},
  };
}
