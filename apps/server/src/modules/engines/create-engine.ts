import type { Config } from '../../platform/config.ts';
import type { Engine } from './engine.ts';
import { createLocalEngine } from './local-engine.ts';

/** The engine PROVIDER_ENGINE names (config defaults to `local`, and to `kie` in production). */
export function createEngine(config: Pick<Config, 'PROVIDER_ENGINE'>): Engine {
  if (config.PROVIDER_ENGINE === 'local') return createLocalEngine();
  throw new Error('The kie engine is not wired yet');
}
