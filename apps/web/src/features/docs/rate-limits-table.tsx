import { API_RATE_LIMIT_TIERS } from '@conduit/contracts';
import { formatCount } from '../../lib/format.ts';
import { DocTable } from './docs-prose.tsx';

/** Requests per minute, hour and day of each tier (docs/product.md, "Rate limits"), from the contracts. */
export function RateLimitsTable() {
  return (
    <DocTable
      label="Rate limits per tier"
      columns={['Tier', 'Applies', 'Per minute', 'Per hour', 'Per day']}
      wideOnPhones={[1]}
      rows={API_RATE_LIMIT_TIERS.map((tier) => {
        // Enterprise limits are set per account (docs/product.md, "Rate limits"); the figures are
        // the starting point.
        const limit = (value: number) =>
          tier.tier === 'Enterprise' ? `Custom (from ${formatCount(value)})` : formatCount(value);
        return {
          key: tier.tier,
          cells: [
            <span key="tier" className="font-medium">
              {tier.tier}
            </span>,
            tier.when,
            limit(tier.limits.perMinute),
            limit(tier.limits.perHour),
            limit(tier.limits.perDay),
          ],
        };
      })}
    />
  );
}
