import { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { dialectOf } from '../../../shared/db/dialect.js';

/**
 * Counts that last a while and are shared by every API instance: of failed sign-ins, and the
 * user locks they lead to. A key that has lasted its time counts as absent.
 */
export interface FailureCounts {
  /** Adds one to `key`'s count, which lasts `windowMs` from its first addition; answers the count. */
  add(key: string, windowMs: number): Promise<number>;
  /** Takes one from `key`'s count, when it has one (an attempt that turned out not to fail). */
  subtract(key: string): Promise<void>;
  /** Keeps `key` (a lock) until `until`. */
  hold(key: string, until: Date): Promise<void>;
  /** Until when `key` is kept, or null when it is not. */
  heldUntil(key: string): Promise<Date | null>;
  remove(key: string): Promise<void>;
  close(): Promise<void>;
}

// INCR and the expiry of a new count in one step, so no count outlives its window.
const ADD = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

// DECR only where a count is: on a key that has lapsed, it would make a count that never lapses.
const SUBTRACT = `local n = tonumber(redis.call('GET', KEYS[1]))
if n and n > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/** In Redis: the keys expire by themselves. */
export function redisFailureCounts(url: string, keyPrefix: string): FailureCounts {
  const PREFIX = `${keyPrefix}sign-in:`;
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  // A command fails while Redis is away; the error is the caller's, not the process's.
  redis.on('error', () => undefined);
  return {
    async add(key, windowMs) {
      return Number(await redis.eval(ADD, 1, PREFIX + key, windowMs));
    },
    async subtract(key) {
      await redis.eval(SUBTRACT, 1, PREFIX + key);
    },
    async hold(key, until) {
      await redis.set(PREFIX + key, until.getTime(), 'PXAT', until.getTime());
    },
    async heldUntil(key) {
      const until = Number(await redis.get(PREFIX + key));
      return until > Date.now() ? new Date(until) : null;
    },
    async remove(key) {
      await redis.del(PREFIX + key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** How often one instance deletes the rows that have lasted their time. */
const PRUNE_INTERVAL_MS = 60_000;

/**
 * In the `sign_in_failures` table, times by the instances' clocks. An addition is one upsert,
 * read back in its transaction, so two instances adding at once get two different counts.
 */
export function databaseFailureCounts(dataSource: DataSource): FailureCounts {
  const dialect = dialectOf(dataSource);
  const upsert = `INSERT INTO sign_in_failures (failure_key, failures, expires_at) VALUES (?, ?, ?)
    ${dialect.onKeyUpdate('failure_key')}`;
  let prunedAt = 0;

  async function row(key: string): Promise<{ failures: number; expiresAt: number } | undefined> {
    const [found] = (await dataSource.query(
      'SELECT failures, expires_at AS expiresAt FROM sign_in_failures WHERE failure_key = ?',
      [key],
    )) as { failures: number | string; expiresAt: number | string }[];
    if (!found || Number(found.expiresAt) <= Date.now()) return undefined;
    return { failures: Number(found.failures), expiresAt: Number(found.expiresAt) };
  }

  async function prune(now: number): Promise<void> {
    if (now - prunedAt < PRUNE_INTERVAL_MS) return;
    prunedAt = now;
    await dataSource.query('DELETE FROM sign_in_failures WHERE expires_at <= ?', [now]);
  }

  return {
    async add(key, windowMs) {
      const now = Date.now();
      await prune(now);
      return dialect.exclusively(() =>
        dataSource.transaction(async (manager) => {
          await manager.query(
            `${upsert} failures = CASE WHEN expires_at <= ? THEN 1 ELSE failures + 1 END,
               expires_at = CASE WHEN expires_at <= ? THEN ? ELSE expires_at END`,
            [key, 1, now + windowMs, now, now, now + windowMs],
          );
          const [added] = (await manager.query(
            'SELECT failures FROM sign_in_failures WHERE failure_key = ?',
            [key],
          )) as { failures: number | string }[];
          return Number(added!.failures);
        }),
      );
    },
    async subtract(key) {
      await dataSource.query(
        'UPDATE sign_in_failures SET failures = failures - 1 WHERE failure_key = ? AND failures > 0',
        [key],
      );
    },
    async hold(key, until) {
      await dataSource.query(`${upsert} failures = 0, expires_at = ?`, [
        key,
        0,
        until.getTime(),
        until.getTime(),
      ]);
    },
    async heldUntil(key) {
      const held = await row(key);
      return held ? new Date(held.expiresAt) : null;
    },
    async remove(key) {
      await dataSource.query('DELETE FROM sign_in_failures WHERE failure_key = ?', [key]);
    },
    async close() {},
  };
}
