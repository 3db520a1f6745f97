import {
  CHEAPEST_CREDIT_MICRO_USD,
  linkedinCredits,
  linkedinUpstreamMicros,
  linkedinVariantOf,
  marginOf,
  PROVIDER_LIMITS,
  SERVICE_UPSTREAM_COSTS,
  type Service,
  sellsBelowFloor,
  type VariantMargin,
} from '@conduit/contracts';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/database.ts';
import { type ModelState, modelCatalogueOf } from '../models/catalogue.ts';
import { creditPrices } from '../models/credit-prices.ts';
import { linkedinPricingOf } from '../provider/prices.ts';

type GuardConfig = Pick<
  Config,
  | 'CREDIT_PRICES'
  | 'MARGIN_FLOOR_PERCENT'
  | 'LINKEDIN_INCLUDED_POSTS'
  | 'LINKEDIN_POSTS_PER_CREDIT'
  | 'APIFY_POSTS_PRICE_PER_1000_USD'
  | 'APIFY_PROFILE_PRICE_PER_1000_USD'
>;

const usd = (micros: number) => Math.round(micros) / 1_000_000;

/** One variant's row: its price against its upstream cost at the cheapest pack's rate. */
export function variantMargin(
  row: { service: Service; model: string | null; variant: string; label: string },
  credits: number,
  upstreamMicros: number,
  floorPercent: number,
): VariantMargin {
  const { revenueMicros, marginPercent } = marginOf(credits, upstreamMicros, CHEAPEST_CREDIT_MICRO_USD);
  return {
    ...row,
    credits,
    upstreamCostUsd: usd(upstreamMicros),
    revenueUsdAtCheapestPack: usd(revenueMicros),
    marginPercent,
    belowCost: sellsBelowFloor(credits, upstreamMicros, floorPercent),
  };
}

/** Every variant of a model at its settings' prices (enabled or not). */
export const modelVariantMargins = (state: ModelState, floorPercent: number): VariantMargin[] =>
  state.variants.map(({ cost, credits }) =>
    variantMargin(
      { service: state.model.service, model: state.model.id, variant: cost.variant, label: cost.label },
      credits,
      cost.upstreamMicros,
      floorPercent,
    ),
  );

/**
 * LinkedIn's price bands up to the largest `limit`, each measured at its largest request (the
 * dearest upstream): the service's price covers the included posts, each band a credit more.
 */
export function linkedinMargins(config: GuardConfig): VariantMargin[] {
  const pricing = linkedinPricingOf(config);
  const costs = {
    postMicros: config.APIFY_POSTS_PRICE_PER_1000_USD * 1_000,
    profileMicros: config.APIFY_PROFILE_PRICE_PER_1000_USD * 1_000,
  };
  const serviceCredits = creditPrices(config).linkedin;
  const rows: VariantMargin[] = [];
  for (let posts = 1; posts <= PROVIDER_LIMITS.linkedinLimitMax; ) {
    const band = linkedinVariantOf(posts, pricing);
    const top = Math.min(band.to, PROVIDER_LIMITS.linkedinLimitMax);
    rows.push(
      variantMargin(
        { service: 'linkedin', model: null, variant: band.variant, label: band.label },
        linkedinCredits(top, serviceCredits, pricing),
        linkedinUpstreamMicros(top, costs),
        config.MARGIN_FLOOR_PERCENT,
      ),
    );
    posts = top + 1;
  }
  return rows;
}

/**
 * The margin guard (docs/admin-figures.md, "Margin guard"): every enabled model's variants, Sora
 * and LinkedIn's bands, each flagged `belowCost` when its margin at the cheapest pack's rate is
 * under MARGIN_FLOOR_PERCENT.
 */
export async function variantMargins(ctx: { db: Db; config: GuardConfig }): Promise<VariantMargin[]> {
  const floor = ctx.config.MARGIN_FLOOR_PERCENT;
  const states = await modelCatalogueOf(ctx).states();
  return [
    ...states.filter((state) => state.enabled).flatMap((state) => modelVariantMargins(state, floor)),
    variantMargin(
      { service: 'sora', model: null, variant: 'all', label: 'any video' },
      creditPrices(ctx.config).sora,
      SERVICE_UPSTREAM_COSTS.sora.upstreamMicros,
      floor,
    ),
    ...linkedinMargins(ctx.config),
  ];
}
