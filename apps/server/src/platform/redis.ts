import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** A shared Redis connection when REDIS_URL is set; commands fail fast while it is down. */
export function connectRedis(url: string, log: Logger): Redis {
  const redis = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  redis.on('error', (error) => log.warn({ err: error }, 'redis connection error'));
  return redis;
}
