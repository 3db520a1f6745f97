import { RATE_LIMITS, type RateLimitWindowLimits } from '@conduit/contracts';

/** A workspace's rate limits: its tier's, or for an enterprise workspace its own where set. */
export function limitsFor(row: {
  tier: 'free' | 'pro' | 'enterprise';
  rateLimitPerMinute: number | null;
  rateLimitPerHour: number | null;
  rateLimitPerDay: number | null;
}): RateLimitWindowLimits {
  const base = RATE_LIMITS[row.tier];
  if (row.tier !== 'enterprise') return base;
  return {
    perMinute: row.rateLimitPerMinute ?? base.perMinute,
    perHour: row.rateLimitPerHour ?? base.perHour,
    perDay: row.rateLimitPerDay ?? base.perDay,
  };
}
