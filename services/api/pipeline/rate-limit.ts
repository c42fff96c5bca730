import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitConfig } from '../../../shared/config/config.js';
import { rateLimited } from '../../../shared/errors/service-error.js';

/** Counts a caller's calls; throws RATE-LIMITED (429 with Retry-After) past the limit. */
export interface CallerRateLimit {
  consume(callerId: string): Promise<void>;
}

/**
 * rate-limiter-flexible's fixed window per caller: in Redis when there is one, so every API
 * instance counts together, in memory otherwise. While Redis does not answer, each instance
 * counts alone in memory rather than refusing or letting everything through.
 */
export function createRateLimit(
  config: RateLimitConfig,
  redis: Redis | undefined,
  /** REDIS_KEY_PREFIX: the limits' keys start with it and `rate`. */
  redisKeyPrefix: string,
): CallerRateLimit | undefined {
  if (config.requests === 0) return undefined;
  const options = {
    keyPrefix: `${redisKeyPrefix}rate`,
    points: config.requests,
    duration: config.windowSeconds,
  };
  const memory = new RateLimiterMemory(options);
  const limiter = redis
    ? new RateLimiterRedis({
        ...options,
        storeClient: redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory,
      })
    : memory;
  return {
    async consume(callerId) {
      try {
        await limiter.consume(callerId);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        throw rateLimited(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
      }
    },
  };
}
