// `npm run bench:margins`: every sellable variant's margin at each credit pack's rate, at the default
// prices (packages/contracts upstream-costs.ts and variant-prices.ts). No server, no database: the
// same table the margin guard (GET /api/admin/margins) and the unit test read.
import {
  CHEAPEST_CREDIT_MICRO_USD,
  CREDIT_PACKAGE_NAMES,
  CREDIT_PACKAGES,
  DEFAULT_LINKEDIN_PRICING,
  DEFAULT_MARGIN_FLOOR_PERCENT,
  linkedinCredits,
  linkedinUpstreamMicros,
  linkedinVariantOf,
  MODEL_VARIANT_COSTS,
  marginOf,
  modelSummaryOf,
  PROVIDER_LIMITS,
  SERVICE_COST,
  SERVICE_UPSTREAM_COSTS,
  sellsBelowFloor,
} from '../packages/contracts/src/index.ts';
import { markdownTable, publishResults } from './readme-section.ts';

interface Sellable {
  service: string;
  model: string | null;
  variant: string;
  credits: number;
  upstreamMicros: number;
}

const rows: Sellable[] = [
  ...MODEL_VARIANT_COSTS.map((row) => ({
    service: modelSummaryOf(row.model).service,
    model: row.model,
    variant: row.variant,
    credits: row.defaultCredits,
    upstreamMicros: row.upstreamMicros,
  })),
  {
    service: 'sora',
    model: null,
    variant: 'all',
    credits: SERVICE_COST.sora,
    upstreamMicros: SERVICE_UPSTREAM_COSTS.sora.upstreamMicros,
  },
];
for (let posts = 1; posts <= PROVIDER_LIMITS.linkedinLimitMax; ) {
  const band = linkedinVariantOf(posts, DEFAULT_LINKEDIN_PRICING);
  const top = Math.min(band.to, PROVIDER_LIMITS.linkedinLimitMax);
  rows.push({
    service: 'linkedin',
    model: null,
    variant: band.variant,
    credits: linkedinCredits(top, SERVICE_COST.linkedin, DEFAULT_LINKEDIN_PRICING),
    upstreamMicros: linkedinUpstreamMicros(top),
  });
  posts = top + 1;
}

/** Each pack's rate per credit, micro-USD (the enterprise pack's is CHEAPEST_CREDIT_MICRO_USD). */
const packRates = CREDIT_PACKAGE_NAMES.map((name) => {
  const pack = CREDIT_PACKAGES[name];
  return { pack: name, microsPerCredit: Math.floor((pack.price * 10_000) / pack.credits) };
});

const results = {
  marginFloorPercent: DEFAULT_MARGIN_FLOOR_PERCENT,
  cheapestCreditMicros: CHEAPEST_CREDIT_MICRO_USD,
  packs: packRates,
  variants: rows.map((row) => ({
    ...row,
    marginPercentByPack: Object.fromEntries(
      packRates.map(({ pack, microsPerCredit }) => [
        pack,
        marginOf(row.credits, row.upstreamMicros, microsPerCredit).marginPercent,
      ]),
    ),
    belowCost: sellsBelowFloor(row.credits, row.upstreamMicros, DEFAULT_MARGIN_FLOOR_PERCENT),
  })),
};

const table = markdownTable(
  ['Model / service', 'Variant', 'Credits', 'Upstream', ...packRates.map(({ pack }) => pack), 'Below cost'],
  results.variants.map((row) => [
    row.model ?? row.service,
    row.variant,
    row.credits,
    `$${(row.upstreamMicros / 1_000_000).toFixed(4)}`,
    ...packRates.map(({ pack }) => `${row.marginPercentByPack[pack]}%`),
    row.belowCost ? '**yes**' : '',
  ]),
  `Margin = (revenue - upstream cost) / revenue at each pack's rate per credit, the default prices and ` +
    `costs; "Below cost": under the ${DEFAULT_MARGIN_FLOOR_PERCENT}% default margin floor at the cheapest ` +
    `pack (enterprise, $${(CHEAPEST_CREDIT_MICRO_USD / 1_000_000).toFixed(3)} a credit). LinkedIn bands ` +
    'are measured at their largest request.',
  2,
);
await publishResults('margins-results.json', 'margins-bench', results, table);
