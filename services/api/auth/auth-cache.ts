import { LRUCache } from 'lru-cache';

/**
 * What authentication and authorization found, remembered for `ttlMs` (`AUTH_CACHE_MS`): a
 * verified token's subject (never past its expiry), a user's active organization, and a user's
 * roles in an organization. A call within that time skips the signature check and both reads,
 * which are most of what a call costs besides its own transaction. The price: a deactivated user
 * or a revoked role is refused at most `ttlMs` later. Failures are never remembered (a refused
 * token, an unknown caller, no role in an organization), so a grant takes effect at once. With 0
 * nothing is.
 */
export class AuthCache {
  private readonly entries?: LRUCache<string, { value: unknown }>;

  constructor(private readonly ttlMs: number) {
    if (ttlMs > 0) this.entries = new LRUCache({ max: 50_000, ttl: ttlMs });
  }

  /**
   * The remembered value of `key`, or what `load` finds; a value is kept `ttlMs`, and never past
   * what `expiresAt` says of it (ms since the epoch), and only when `worthKeeping` says so.
   */
  async remember<T>(
    key: string,
    load: () => Promise<T>,
    expiresAt?: (value: T) => number,
    worthKeeping: (value: T) => boolean = () => true,
  ): Promise<T> {
    const hit = this.entries?.get(key);
    if (hit) return hit.value as T;
    const value = await load();
    if (this.entries && worthKeeping(value)) {
      // Whole milliseconds, and at least one: lru-cache keeps an entry with ttl 0 forever.
      const ttl = Math.floor(Math.min(this.ttlMs, (expiresAt?.(value) ?? Infinity) - Date.now()));
      if (ttl >= 1) this.entries.set(key, { value }, { ttl });
    }
    return value;
  }
}
