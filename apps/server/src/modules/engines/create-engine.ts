import type { Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
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
>;

/** The engine PROVIDER_ENGINE names (config defaults to `local`, and to `kie` in production). */
export function createEngine(config: EngineConfig, log: Logger): Engine {
  return config.PROVIDER_ENGINE === 'kie' ? createKieEngine(config, { log }) : createLocalEngine();
}
