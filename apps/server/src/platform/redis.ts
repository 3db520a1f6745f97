import { once } from 'node:events';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

const FIRST_CONNECT_TIMEOUT_MS = 5_000;

/**
 * A shared Redis connection when REDIS_URL is set. Commands fail fast while it is down (no
 * offline queue), and it reconnects on its own; the start waits briefly for the first connection.
 */
export async function connectRedis(url: string, log: Logger): Promise<Redis> {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  redis.on('error', (error) => log.warn({ err: error }, 'redis connection error'));
  const timeout = AbortSignal.timeout(FIRST_CONNECT_TIMEOUT_MS);
  await once(redis, 'ready', { signal: timeout }).catch(() =>
    log.warn({ url: new URL(url).host }, 'redis not reachable yet; readiness reports it until it is'),
  );
  return redis;
}
