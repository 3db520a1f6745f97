import type { Config } from '../../platform/config.ts';
import { type Engine, UpstreamRejected } from './engine.ts';

/** Placeholder until the local and kie engines land: every call is refused (and refunded). */
export function createEngine(config: Pick<Config, 'PROVIDER_ENGINE'>): Engine {
  const refuse = async (): Promise<never> => {
    throw new UpstreamRejected(`The ${config.PROVIDER_ENGINE} engine is not available yet`);
  };
  return {
    name: config.PROVIDER_ENGINE,
    isDevelopmentEngine: config.PROVIDER_ENGINE === 'local',
    startJob: refuse,
    pollJob: refuse,
    scrapeLinkedin: refuse,
  };
}
