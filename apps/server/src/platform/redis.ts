import { once } from 'node:events';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

const FIRST_CONNECT_TIMEOUT_MS = 5_000;
/**
 * Redis answers in well under a millisecond; a command waiting this long means Redis (or the
 * network to it) stopped answering without closing the connection. Failing it lets the rate
 * limiters fall back to process memory instead of holding every request until TCP gives up.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

/**
 * A shared Redis connection when REDIS_URL is set. Commands fail fast while it is down (no
 * offline queue) or silent (command timeout), and it reconnects on its own; the start waits
 * briefly for the first connection.
 */
export async function connectRedis(url: string, log: Logger): Promise<Redis> {
  const redis = new Redis(url, {
    // A command cut off by a lost connection is not sent again after reconnecting: the rate
    // limiters already counted that request in process memory, and a replayed count is wrong.
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    connectTimeout: 2_000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // Commands issued in the same tick (the one rate-limit script call of each of many
    // concurrent paid calls, other limits) go out in one write instead of one each.
    enableAutoPipelining: true,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  redis.on('error', (error) => log.warn({ err: error }, 'redis connection error'));
  const timeout = AbortSignal.timeout(FIRST_CONNECT_TIMEOUT_MS);
  await once(redis, 'ready', { signal: timeout }).catch(() =>
    log.warn({ url: new URL(url).host }, 'redis not reachable yet; readiness reports it until it is'),
  );
  return redis;
}
