import { type Repeater, repeatEvery } from '../../platform/repeat.ts';
import type { Services } from '../../platform/services.ts';
import { createCheckoutProvider } from '../payments/checkout-provider.ts';
import { runAutoTopUpScan } from './auto-top-up-scan.ts';

/**
 * The auto top-up scan on worker processes (ROLE worker or all), every AUTO_TOPUP_INTERVAL_S
 * seconds (0: never). Several processes may scan at once: the claim makes that safe. One pass at
 * a time per process.
 */
export function startAutoTopUps(services: Services): Repeater | undefined {
  const seconds = services.config.AUTO_TOPUP_INTERVAL_S;
  const provider = createCheckoutProvider(services.config, services.db);
  if (services.config.ROLE === 'api' || seconds === 0 || !provider) return undefined;
  return repeatEvery(
    seconds * 1000,
    async () => {
      await runAutoTopUpScan(services, provider, { now: services.clock.now() });
    },
    (error) => services.log.error({ err: error }, 'auto top-up scan failed'),
  );
}
