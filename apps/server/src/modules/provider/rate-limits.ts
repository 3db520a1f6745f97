import type { RateLimitWindowLimits } from '@conduit/contracts';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimited } from '../../platform/errors.ts';

const WINDOWS = [
  { name: 'minute', key: 'perMinute', seconds: 60 },
  { name: 'hour', key: 'perHour', seconds: 3_600 },
  { name: 'day', key: 'perDay', seconds: 86_400 },
] as const;

export interface RateLimitOutcome {
  headers: Record<string, string>;
  remaining: { minute: number; hour: number; day: number };
}

type Limiter = RateLimiterMemory | RateLimiterRedis;

/**
 * Per-account request limits of the paid API, in three windows at once. Counts live in Redis
 * when configured (all processes share them) with a per-process memory limiter as insurance if
 * Redis blips, else in process memory. Answers carry the IETF `RateLimit` and `RateLimit-Policy`
 * headers for the tightest window.
 */
export function createProviderRateLimits(store: { redis?: Redis; prefix: string }) {
  const limiters = new Map<string, Limiter>();
  const limiterFor = (window: (typeof WINDOWS)[number], points: number): Limiter => {
    const id = `${window.name}:${points}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      const options = { keyPrefix: `${store.prefix}:rl:${window.name}`, points, duration: window.seconds };
      limiter = store.redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: store.redis,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
      limiters.set(id, limiter);
    }
    return limiter;
  };

  const policyOf = (limits: RateLimitWindowLimits) =>
    WINDOWS.map((window) => `${limits[window.key]};w=${window.seconds}`).join(', ');

  return {
    /** Counts one request for the account; throws RateLimited (429, Retry-After) past any window. */
    async consume(accountId: string, limits: RateLimitWindowLimits): Promise<RateLimitOutcome> {
      const results = await Promise.all(
        WINDOWS.map(async (window) => {
          const points = limits[window.key];
          try {
            const res = await limiterFor(window, points).consume(accountId);
            return { window, points, res, isRefused: false };
          } catch (error) {
            if (error instanceof Error) throw error;
            return { window, points, res: error as RateLimiterRes, isRefused: true };
          }
        }),
      );
      const refused = results
        .filter((r) => r.isRefused)
        .sort((a, b) => b.res.msBeforeNext - a.res.msBeforeNext)[0];
      const tightest =
        refused ?? [...results].sort((a, b) => a.res.remainingPoints - b.res.remainingPoints)[0];
      const reset = Math.max(1, Math.ceil((tightest?.res.msBeforeNext ?? 0) / 1000));
      const headers = {
        'ratelimit-policy': policyOf(limits),
        ratelimit: `limit=${tightest?.points ?? 0}, remaining=${refused ? 0 : Math.max(0, tightest?.res.remainingPoints ?? 0)}, reset=${reset}`,
      };
      if (refused) {
        const error = new RateLimited(
          refused.res.msBeforeNext / 1000,
          `Rate limit exceeded: ${refused.points} requests per ${refused.window.name}`,
        );
        Object.assign(error.headers ?? {}, headers);
        throw error;
      }
      const remainingOf = (name: string) =>
        Math.max(0, results.find((r) => r.window.name === name)?.res.remainingPoints ?? 0);
      return {
        headers,
        remaining: { minute: remainingOf('minute'), hour: remainingOf('hour'), day: remainingOf('day') },
      };
    },
    /** Remaining requests without counting one (for GET /api/provider/me). */
    async peek(accountId: string, limits: RateLimitWindowLimits) {
      const entries = await Promise.all(
        WINDOWS.map(async (window) => {
          const res = await limiterFor(window, limits[window.key]).get(accountId);
          return [window.name, Math.max(0, limits[window.key] - (res?.consumedPoints ?? 0))] as const;
        }),
      );
      return Object.fromEntries(entries) as { minute: number; hour: number; day: number };
    },
    policyOf,
  };
}
export type ProviderRateLimits = ReturnType<typeof createProviderRateLimits>;
