import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
import type { Engine } from '../engines/engine.ts';
import { createKieEngine } from '../engines/kie-engine.ts';
import { createLocalEngine } from '../engines/local-engine.ts';
import { createUpstreamPace } from '../engines/upstream-pace.ts';
import { buildChannels } from './build-channels.ts';
import { createChannelStore } from './channel-store.ts';
import { createFailoverEngine, type FailoverMetrics } from './failover-engine.ts';

type EngineConfig = Pick<
  Config,
  | 'PROVIDER_ENGINE'
  | 'KIE_API_KEY'
  | 'KIE_BASE_URL'
  | 'KIE_WEBHOOK_HMAC_KEY'
  | 'PUBLIC_URL'
  | 'APIFY_TOKEN'
  | 'APIFY_BASE_URL'
  | 'FAL_KEY'
  | 'FAL_BASE_URL'
  | 'KIE_NSFW_CHECKER'
  | 'KIE_CREATES_PER_WINDOW'
  | 'KIE_CREATE_WINDOW_MS'
  | 'KIE_NULL_RECORD_GRACE_S'
  | 'KIE_LOST_CREATE_WAIT_S'
  | 'KIE_POLLS_PER_WINDOW'
  | 'KIE_POLL_WINDOW_MS'
  | 'LOCAL_VIDEO_SECONDS'
  | 'LOCAL_START_SECONDS'
  | 'REDIS_PREFIX'
>;

/**
 * The engine PROVIDER_ENGINE names (config defaults to `local`, and to `kie` in production), behind
 * the failover engine that routes each service between its channels (docs/upstreams.md).
 */
export function createEngine(
  config: EngineConfig,
  log: Logger,
  pool: pg.Pool,
  metrics?: FailoverMetrics,
  redis?: Redis,
): Engine {
  // kie's creates are paced to its documented rate across every process (docs/upstreams.md).
  const pace = createUpstreamPace(
    { upstream: 'kie', limit: config.KIE_CREATES_PER_WINDOW, windowMs: config.KIE_CREATE_WINDOW_MS },
    { pool, redis, prefix: config.REDIS_PREFIX, log },
  );
  // And its record-info polls to kie's 10 a second per key, the same way.
  const pollPace = createUpstreamPace(
    { upstream: 'kie-poll', limit: config.KIE_POLLS_PER_WINDOW, windowMs: config.KIE_POLL_WINDOW_MS },
    { pool, redis, prefix: config.REDIS_PREFIX, log },
  );
  const base =
    config.PROVIDER_ENGINE === 'kie'
      ? createKieEngine(config, { log, pace, pollPace })
      : createLocalEngine({
          jobMs: { video: config.LOCAL_VIDEO_SECONDS * 1000 },
          startMs: config.LOCAL_START_SECONDS * 1000,
        });
  return createFailoverEngine({
    name: base.name,
    isDevelopmentEngine: base.isDevelopmentEngine,
    channels: buildChannels(config, base, log),
    store: createChannelStore(pool),
    log,
    metrics,
  });
}
