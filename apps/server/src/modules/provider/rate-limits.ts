import { keyRateLimitMessage, type RateLimitWindowLimits } from '@conduit/contracts';
import type { Redis } from 'ioredis';
import { RateLimited } from '../../platform/errors.ts';
import { createMemoryWindowCounter } from './rate-windows-memory.ts';
import { createRedisWindowCounter, type WindowCount } from './rate-windows-redis.ts';

const WINDOWS = [
  { name: 'minute', key: 'perMinute', seconds: 60 },
  { name: 'hour', key: 'perHour', seconds: 3_600 },
  { name: 'day', key: 'perDay', seconds: 86_400 },
] as const;
const MINUTE = WINDOWS[0];

export interface RateLimitOutcome {
  headers: Record<string, string>;
  remaining: { minute: number; hour: number; day: number };
}

/**
 * Per-account request limits of the paid API, in three windows at once. Counts live in Redis
 * when configured (all processes share them; one script call counts all three windows), else
 * in process memory. If Redis fails or stops answering, the same rules are counted in this
 * process's memory instead (docs/operations.md, "Rate limits when Redis blips"). Answers carry
 * the IETF `RateLimit` and `RateLimit-Policy` headers for the tightest window.
 */
export function createProviderRateLimits(store: { redis?: Redis; prefix: string }) {
  const memory = createMemoryWindowCounter();
  const redisCounter = store.redis ? createRedisWindowCounter(store.redis, store.prefix) : undefined;

  const countIn = (windows: readonly (typeof WINDOWS)[number][]) => {
    const countInMemory = (id: string): WindowCount[] => memory.count(id, windows);
    return (id: string): WindowCount[] | Promise<WindowCount[]> =>
      redisCounter ? redisCounter.count(id, windows).catch(() => countInMemory(id)) : countInMemory(id);
  };
  const count = countIn(WINDOWS);
  /** A key's own limit has one window, the minute, counted under `key:<id>`. */
  const countKey = countIn([MINUTE]);

  const policyOf = (limits: RateLimitWindowLimits) =>
    WINDOWS.map((window) => `${limits[window.key]};w=${window.seconds}`).join(', ');

  return {
    /**
     * Counts one request for the account, and for the key when it has its own per-minute limit;
     * throws RateLimited (429, Retry-After) past any window of either.
     */
    async consume(
      accountId: string,
      limits: RateLimitWindowLimits,
      key?: { id: string; perMinute: number },
    ): Promise<RateLimitOutcome> {
      const [counts, keyCounts] = await Promise.all([
        count(accountId),
        key ? countKey(`key:${key.id}`) : undefined,
      ]);
      const resultOf = (window: (typeof WINDOWS)[number], points: number, counted: WindowCount) => ({
        window,
        points,
        msBeforeNext: counted.msBeforeNext,
        remaining: Math.max(0, points - counted.consumed),
        isRefused: counted.consumed > points,
        isKey: false,
      });
      const results = WINDOWS.map((window, index) =>
        resultOf(window, limits[window.key], counts[index] as WindowCount),
      );
      if (key && keyCounts) {
        results.push({ ...resultOf(MINUTE, key.perMinute, keyCounts[0] as WindowCount), isKey: true });
      }
      const refused = results.filter((r) => r.isRefused).sort((a, b) => b.msBeforeNext - a.msBeforeNext)[0];
      const tightest = refused ?? [...results].sort((a, b) => a.remaining - b.remaining)[0];
      const reset = Math.max(1, Math.ceil((tightest?.msBeforeNext ?? 0) / 1000));
      const headers = {
        'ratelimit-policy': key ? `${policyOf(limits)}, ${key.perMinute};w=60` : policyOf(limits),
        ratelimit: `limit=${tightest?.points ?? 0}, remaining=${refused ? 0 : (tightest?.remaining ?? 0)}, reset=${reset}`,
      };
      if (refused) {
        const error = new RateLimited(
          refused.msBeforeNext / 1000,
          refused.isKey
            ? keyRateLimitMessage(refused.points)
            : `Rate limit exceeded: ${refused.points} requests per ${refused.window.name}`,
        );
        Object.assign(error.headers ?? {}, headers);
        throw error;
      }
      const remainingOf = (name: string) =>
        results.find((r) => r.window.name === name && !r.isKey)?.remaining ?? 0;
      return {
        headers,
        remaining: { minute: remainingOf('minute'), hour: remainingOf('hour'), day: remainingOf('day') },
      };
    },
    /** Remaining requests without counting one. */
    async peek(accountId: string, limits: RateLimitWindowLimits) {
      const names = WINDOWS.map((window) => window.name);
      const consumed = redisCounter
        ? await redisCounter.peek(accountId, names)
        : memory.peek(accountId, names);
      const remaining = WINDOWS.map((window, index) =>
        Math.max(0, limits[window.key] - (consumed[index] ?? 0)),
      );
      return { minute: remaining[0] ?? 0, hour: remaining[1] ?? 0, day: remaining[2] ?? 0 };
    },
    policyOf,
  };
}
export type ProviderRateLimits = ReturnType<typeof createProviderRateLimits>;
