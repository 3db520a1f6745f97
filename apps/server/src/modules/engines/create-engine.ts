import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
import { buildChannels } from '../channels/build-channels.ts';
import { createChannelStore } from '../channels/channel-store.ts';
import { createFailoverEngine, type FailoverMetrics } from '../channels/failover-engine.ts';
import type { Engine } from './engine.ts';
import { createKieEngine } from './kie-engine.ts';
import { createLocalEngine } from './local-engine.ts';

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
): Engine {
  const base = config.PROVIDER_ENGINE === 'kie' ? createKieEngine(config, { log }) : createLocalEngine();
  return createFailoverEngine({
    name: base.name,
    isDevelopmentEngine: base.isDevelopmentEngine,
    channels: buildChannels(config, base, log),
    store: createChannelStore(pool),
    log,
    metrics,
  });
}
