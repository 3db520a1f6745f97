import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Logger } from 'pino';
import { type Config, kieAccountsOf } from '../../platform/config.ts';
import type { Engine } from '../engines/engine.ts';
import type { KieAccount } from '../engines/kie-accounts.ts';
import { createKieEngine } from '../engines/kie-engine.ts';
import { createLocalEngine } from '../engines/local-engine.ts';
import { createUpstreamPace } from '../engines/upstream-pace.ts';
import { buildChannels } from './build-channels.ts';
import { createChannelStore } from './channel-store.ts';
import { createFailoverEngine, type FailoverMetrics } from './failover-engine.ts';
import { createKieAccountStore } from './kie-account-store.ts';

type EngineConfig = Pick<
  Config,
  | 'PROVIDER_ENGINE'
  | 'KIE_API_KEY'
  | 'KIE_API_KEYS'
  | 'KIE_WEBHOOK_HMAC_KEYS'
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
  hooks: {
    /** An account of kie's pool was set aside (401, 402, 433): the admins are told (app.ts). */
    onKieAccountSetAside?: (account: KieAccount, code: number, reason: string) => void;
  } = {},
): Engine {
  const store = { pool, redis, prefix: config.REDIS_PREFIX, log };
  // kie's creates are paced to its documented rate across every process, each account on its own
  // (kie counts per account), and its record-info polls to kie's 10 a second per key (docs/upstreams.md).
  // One account keeps the windows' old names (`kie`, `kie-poll`), so processes of the build before
  // the pool share its window during a rolling deploy; a pool's are `kie:<account id>`.
  const paces = new Map<string, ReturnType<typeof createUpstreamPace>>();
  const isPool = kieAccountsOf(config).length > 1;
  const paceOf = (upstream: string, limit: number, windowMs: number) => (account: KieAccount) => {
    const name = isPool ? `${upstream}:${account.id}` : upstream;
    const pace = paces.get(name) ?? createUpstreamPace({ upstream: name, limit, windowMs }, store);
    paces.set(name, pace);
    return pace;
  };
  const isKie = config.PROVIDER_ENGINE === 'kie';
  const accountStates = isKie ? createKieAccountStore(pool, kieAccountsOf(config)) : undefined;
  const base = isKie
    ? createKieEngine(config, {
        log,
        pace: paceOf('kie', config.KIE_CREATES_PER_WINDOW, config.KIE_CREATE_WINDOW_MS),
        pollPace: paceOf('kie-poll', config.KIE_POLLS_PER_WINDOW, config.KIE_POLL_WINDOW_MS),
        paceLimit: config.KIE_CREATES_PER_WINDOW,
        accountStates,
        onAccountSetAside: hooks.onKieAccountSetAside,
      })
    : createLocalEngine({
        jobMs: { video: config.LOCAL_VIDEO_SECONDS * 1000 },
        startMs: config.LOCAL_START_SECONDS * 1000,
      });
  const engine = createFailoverEngine({
    name: base.name,
    isDevelopmentEngine: base.isDevelopmentEngine,
    channels: buildChannels(config, base, log),
    store: createChannelStore(pool),
    log,
    metrics,
  });
  const channelsChanged = engine.channelsChanged;
  return {
    ...engine,
    // An admin's change of a channel or of a kie account reaches this process's next call.
    channelsChanged() {
      channelsChanged?.();
      accountStates?.forget();
    },
  };
}
