import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimited } from './errors.ts';

export interface LimitRule {
  keyPrefix: string;
  points: number;
  durationS: number;
  /** Once exhausted, refuse for this long (defaults to the rest of the window). */
  blockDurationS?: number;
}

export interface Limiter {
  /** Counts one action; throws RateLimited with Retry-After once the rule is exhausted. */
  consume(key: string): Promise<void>;
  /** Throws RateLimited when the key is already exhausted, without counting. */
  assertAllowed(key: string): Promise<void>;
  /** Gives back one counted action (a reserved attempt that turned out not to be a failure). */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/**
 * One interface over process memory (a single process) and Redis (many processes share the
 * counts). With Redis, a memory limiter insures against Redis blips: limits keep answering per
 * process instead of failing open or failing every request.
 */
export function createLimiter(
  store: { redis?: Redis; prefix: string },
  rule: LimitRule,
  message?: string,
): Limiter {
  const options = {
    keyPrefix: `${store.prefix}:${rule.keyPrefix}`,
    points: rule.points,
    duration: rule.durationS,
    blockDuration: rule.blockDurationS ?? 0,
  };
  const limiter = store.redis
    ? new RateLimiterRedis({
        ...options,
        storeClient: store.redis,
        insuranceLimiter: new RateLimiterMemory(options),
      })
    : new RateLimiterMemory(options);
  const refuse = (msBeforeNext: number) => new RateLimited(msBeforeNext / 1000, message);

  return {
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw refuse(error.msBeforeNext);
        throw error;
      }
    },
    async assertAllowed(key) {
      const state = await limiter.get(key);
      if (state && state.consumedPoints >= rule.points && state.msBeforeNext > 0) {
        throw refuse(state.msBeforeNext);
      }
    },
    async refund(key) {
      await limiter.reward(key, 1);
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}
