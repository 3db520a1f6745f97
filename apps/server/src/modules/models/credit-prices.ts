import { SERVICE_COST, type Service } from '@conduit/contracts';
import type { Config } from '../../platform/config.ts';

/** What each service charges: the published costs, or the operator's CREDIT_PRICES where it says otherwise. */
export function creditPrices(config: Pick<Config, 'CREDIT_PRICES'>): Record<Service, number> {
  const prices = { ...SERVICE_COST };
  for (const pair of config.CREDIT_PRICES.split(',').filter(Boolean)) {
    const [service, credits] = pair.split('=') as [Service, string];
    prices[service] = Number(credits);
  }
  return prices;
}
