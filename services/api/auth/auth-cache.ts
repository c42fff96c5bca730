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
  private readonly entries?: LRUCache<string, { value: Promise<unknown> }>;

  constructor(private readonly ttlMs: number) {
    if (ttlMs > 0) this.entries = new LRUCache({ max: 50_000, ttl: ttlMs });
  }

  /**
   * The remembered value of `key`, or what `load` finds; a value is kept `ttlMs`, and never past
   * what `expiresAt` says of it (ms since the epoch), and only when `worthKeeping` says so. Calls
   * that miss while a load is under way wait for that load rather than starting their own: when
   * an entry ran out under 32 callers with one token, each of them checked the signature and read
   * the database again.
   */
  async remember<T>(
    key: string,
    load: () => Promise<T>,
    expiresAt?: (value: T) => number,
    worthKeeping: (value: T) => boolean = () => true,
  ): Promise<T> {
    const entries = this.entries;
    if (!entries) return load();
    const hit = entries.get(key);
    if (hit) return hit.value as Promise<T>;
    const loading = load();
    entries.set(key, { value: loading });
    let value: T;
    try {
      value = await loading;
    } catch (error) {
      this.forget(key, loading);
      throw error;
    }
    // Whole milliseconds, and at least one: lru-cache keeps an entry with ttl 0 forever.
    const ttl = Math.floor(Math.min(this.ttlMs, (expiresAt?.(value) ?? Infinity) - Date.now()));
    if (worthKeeping(value) && ttl >= 1) entries.set(key, { value: loading }, { ttl });
    else this.forget(key, loading);
    return value;
  }

  /** Drops the entry of `key` if it is still `loading`'s, not a later load's. */
  private forget(key: string, loading: Promise<unknown>): void {
    if (this.entries?.peek(key)?.value === loading) this.entries.delete(key);
  }
}
