import { z } from 'zod';
import { APP_PATHS } from './app-paths.ts';
import { defineAppRoute } from './app-routes.ts';

/*
 * The credits routes and their answers' schemas, apart from the packs and costs in credits.ts:
 * the landing and /docs read those, and must not carry schema code on their first load.
 */

export const CreditPackage = z.object({
  name: z.string(),
  label: z.string(),
  /** Price in integer US cents. */
  price: z.number().int().positive(),
  credits: z.number().int().positive(),
  /** Savings badge in percent against the pro per-credit rate, when the pack has one. */
  savingsPercent: z.number().int().min(0).max(100).optional(),
  popular: z.boolean().optional(),
});
export type CreditPackage = z.infer<typeof CreditPackage>;

export const CreditPackagesResponse = z.object({
  packages: z.record(z.string(), CreditPackage),
});
export type CreditPackagesResponse = z.infer<typeof CreditPackagesResponse>;

export const UsageStat = z.object({ requests: z.number().int(), credits: z.number().int() });
export type UsageStat = z.infer<typeof UsageStat>;

/** `GET /api/credits` (docs/product.md, "Data the screens show"): the signed-in user's balance and totals. */
export const CreditsResponse = z.object({
  balance: z.number().int(),
  totalPurchased: z.number().int(),
  totalUsed: z.number().int(),
  /** Per service, all time: calls charged and net credits spent (refunds deducted). */
  usageStats: z.record(
    z.enum(['imageGeneration', 'videoGeneration', 'soraWatermarkRemover', 'linkedinScraping']),
    UsageStat,
  ),
  creditPackages: z.record(z.string(), CreditPackage),
  usageCosts: z.record(z.string(), z.number().int()),
});
export type CreditsResponse = z.infer<typeof CreditsResponse>;

/** The credits routes: every pack on sale (public) and the signed-in workspace's balance and totals. */
export const CREDIT_ROUTES = {
  packages: defineAppRoute({ ...APP_PATHS.creditPackages, response: CreditPackagesResponse }),
  summary: defineAppRoute({ ...APP_PATHS.credits, response: CreditsResponse }),
};
