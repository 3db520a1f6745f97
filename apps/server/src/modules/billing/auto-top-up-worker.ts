import type { Services } from '../../platform/services.ts';
import { createCheckoutProvider } from '../payments/checkout-provider.ts';
import { runAutoTopUpScan } from './auto-top-up-scan.ts';

/**
 * The auto top-up scan on worker processes (ROLE worker or all), every AUTO_TOPUP_INTERVAL_S
 * seconds (0: never). Several processes may scan at once: the claim makes that safe. One pass at
 * a time per process; answers a stop function.
 */
export function startAutoTopUps(services: Services): () => void {
  const seconds = services.config.AUTO_TOPUP_INTERVAL_S;
  const provider = createCheckoutProvider(services.config, services.db);
  if (services.config.ROLE === 'api' || seconds === 0 || !provider) return () => {};
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = runAutoTopUpScan(services, provider, { now: services.clock.now() })
      .catch((error) => services.log.error({ err: error }, 'auto top-up scan failed'))
      .finally(() => {
        running = undefined;
      });
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
