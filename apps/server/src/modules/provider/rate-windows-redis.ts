import type { Redis } from 'ioredis';
import { redisScript, runRedisScript } from '../../platform/redis-script.ts';

/** How many requests a window has counted, and when it resets. */
export interface WindowCount {
  consumed: number;
  msBeforeNext: number;
}

/*
 * Counts one request in each window (KEYS[i], ARGV[i] seconds long), in one round trip: a window
 * starts at its first request and its key expires with it. The same steps as
 * rate-limiter-flexible's own script, once per window.
 */
const COUNT_WINDOWS = redisScript(`
local out = {}
for i = 1, #KEYS do
  redis.call('set', KEYS[i], 0, 'EX', ARGV[i], 'NX')
  local consumed = redis.call('incr', KEYS[i])
  local ttl = redis.call('pttl', KEYS[i])
  if ttl == -1 then
    redis.call('expire', KEYS[i], ARGV[i])
    ttl = 1000 * tonumber(ARGV[i])
  end
  out[#out + 1] = consumed
  out[#out + 1] = ttl
end
return out`);

/**
 * The provider rate limits' windows in Redis, all of a request's windows in one script call
 * (three separate calls cost as much CPU as the rest of a paid call). The keys of one account
 * share a hash tag, so the script also runs on Redis Cluster.
 */
export function createRedisWindowCounter(redis: Redis, prefix: string) {
  const keysOf = (accountId: string, names: readonly string[]) =>
    names.map((name) => `${prefix}:rl:{${accountId}}:${name}`);
  return {
    async count(
      accountId: string,
      windows: ReadonlyArray<{ name: string; seconds: number }>,
    ): Promise<WindowCount[]> {
      const keys = keysOf(
        accountId,
        windows.map((w) => w.name),
      );
      const reply = (await runRedisScript(
        redis,
        COUNT_WINDOWS,
        keys,
        windows.map((w) => w.seconds),
      )) as number[];
      return windows.map((_, index) => ({
        consumed: Number(reply[index * 2]),
        msBeforeNext: Math.max(0, Number(reply[index * 2 + 1])),
      }));
    },
    /** The windows' counts without counting (absent windows have counted nothing). */
    async peek(accountId: string, names: readonly string[]): Promise<number[]> {
      const values = await redis.mget(keysOf(accountId, names));
      return values.map((value) => Number(value ?? 0));
    },
  };
}
