import { Redis } from 'ioredis';
import type { TestService } from './test-service.js';

/**
 * The pages' counts in Redis (rate limits, failed sign-ins), which outlive the service: removed
 * after it.
 */
export async function forgetResendCounts({ redisUrl, redisKeyPrefix }: TestService['config']) {
  const redis = new Redis(redisUrl!);
  try {
    const keys = await redis.keys(`${redisKeyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
