// Plain values, no zod: what a variant sells for and what it leaves (docs/product.md, "Prices per variant").
import { CHEAPEST_CREDIT_MICRO_USD } from './credits.ts';
import { type ModelVariantCost, SERVICE_UPSTREAM_COSTS, variantsOfModel } from './upstream-costs.ts';

/**
 * The margin a price must leave at the cheapest pack's rate, percent of what it brings in, unless
 * the operator sets MARGIN_FLOOR_PERCENT (docs/operations.md). A price under it is "below cost".
 */
export const DEFAULT_MARGIN_FLOOR_PERCENT = 15;

/**
 * How LinkedIn prices the posts asked for: the service's price covers `includedPosts`, each
 * further `postsPerCredit` posts (or part) costs one credit more (LINKEDIN_INCLUDED_POSTS,
 * LINKEDIN_POSTS_PER_CREDIT). The defaults keep every limit above cost plus the default floor.
 */
export interface LinkedinPricing {
  includedPosts: number;
  postsPerCredit: number;
}
export const DEFAULT_LINKEDIN_PRICING: LinkedinPricing = { includedPosts: 10, postsPerCredit: 10 };

/**
 * A variant's price when its model sells for `modelCredits` (the price of its default variant):
 * the variant's default surcharge over the default variant's stays, so an operator's price moves
 * every variant of the model by the same number of credits.
 */
export function variantCredits(variant: ModelVariantCost, modelCredits: number): number {
  const base = variantsOfModel(variant.model)[0] ?? variant;
  return Math.max(1, modelCredits + variant.defaultCredits - base.defaultCredits);
}

/** The posts a LinkedIn call asks for: its `limit`, or `total_posts` when that is lower. */
export const linkedinPostsAskedFor = (request: { limit: number; total_posts?: number }) =>
  Math.min(request.limit, request.total_posts ?? request.limit);

/** What a LinkedIn call asking for `posts` costs in credits. */
export const linkedinCredits = (posts: number, serviceCredits: number, pricing: LinkedinPricing) =>
  serviceCredits + Math.ceil(Math.max(0, posts - pricing.includedPosts) / pricing.postsPerCredit);

/** The price band of `posts`: the variant a LinkedIn call is stored and quoted as (`posts-1-10`). */
export function linkedinVariantOf(posts: number, pricing: LinkedinPricing) {
  const band =
    posts <= pricing.includedPosts ? 0 : Math.ceil((posts - pricing.includedPosts) / pricing.postsPerCredit);
  const from = band === 0 ? 1 : pricing.includedPosts + (band - 1) * pricing.postsPerCredit + 1;
  const to = pricing.includedPosts + band * pricing.postsPerCredit;
  return { variant: `posts-${from}-${to}`, label: `${from}-${to} posts`, from, to };
}

/** What a LinkedIn call asking for `posts` costs upstream at most: one profile and the posts. */
export const linkedinUpstreamMicros = (
  posts: number,
  costs: { postMicros: number; profileMicros: number } = SERVICE_UPSTREAM_COSTS.linkedin,
) => costs.profileMicros + posts * costs.postMicros;

/** What `credits` bring in at a rate (micro-USD a credit; the cheapest pack's by default) and what they leave. */
export function marginOf(credits: number, upstreamMicros: number, creditMicros = CHEAPEST_CREDIT_MICRO_USD) {
  const revenueMicros = credits * creditMicros;
  const marginPercent =
    revenueMicros === 0 ? -100 : Math.round(((revenueMicros - upstreamMicros) * 1000) / revenueMicros) / 10;
  return { revenueMicros, marginPercent };
}

/** A price under its cost plus the floor at the cheapest pack's rate (integer arithmetic). */
export const sellsBelowFloor = (credits: number, upstreamMicros: number, floorPercent: number) =>
  credits * CHEAPEST_CREDIT_MICRO_USD * (100 - floorPercent) < upstreamMicros * 100;
