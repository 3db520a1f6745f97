import { timingSafeEqual } from 'node:crypto';
import type { Config } from '../../platform/config.ts';
import { Unauthorized } from '../../platform/errors.ts';
import { sha256Hex } from '../../platform/tokens.ts';

export const METRICS_TOKEN_REQUIRED =
  'Metrics need a bearer token: set METRICS_TOKEN and send it as Authorization: Bearer <token>';

/**
 * /metrics tells an outsider a lot (traffic, queues, errors, revenue counters). With METRICS_TOKEN
 * set it needs that bearer token (compared in constant time); without one it is open for local
 * development and refused in production.
 */
export function assertMayScrapeMetrics(
  config: Pick<Config, 'METRICS_TOKEN' | 'isProduction'>,
  authorization: string | undefined,
) {
  if (!config.METRICS_TOKEN) {
    if (config.isProduction) throw new Unauthorized(METRICS_TOKEN_REQUIRED);
    return;
  }
  const given = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length).trim() : '';
  // Equal-length digests, so the comparison leaks neither the token nor its length.
  const isRight = timingSafeEqual(
    Buffer.from(sha256Hex(given)),
    Buffer.from(sha256Hex(config.METRICS_TOKEN)),
  );
  if (!isRight) throw new Unauthorized(METRICS_TOKEN_REQUIRED);
}
