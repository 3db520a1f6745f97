import { z } from 'zod';
import { APP_PATHS } from './app-paths.ts';
import { defineAppRoute } from './app-routes.ts';
import { SERVICES } from './services.ts';

/**
 * The margin guard (docs/admin-figures.md, "Margin guard"): every enabled variant's price against
 * what the upstream bills for it, at the cheapest pack's rate per credit.
 */
export const VariantMargin = z.object({
  service: z.enum(SERVICES),
  /** The catalogue model; null for Sora and LinkedIn. */
  model: z.string().nullable(),
  /** The variant's key as tasks and quotes store it (`10s-sound`, `posts-11-20`; `all` for one price). */
  variant: z.string(),
  label: z.string(),
  /** Its price now, credits. */
  credits: z.number().int(),
  /** What one call of it costs upstream, US dollars (LinkedIn: the band's largest request). */
  upstreamCostUsd: z.number(),
  /** What its credits bring in at the cheapest pack's rate, US dollars. */
  revenueUsdAtCheapestPack: z.number(),
  /** Of that revenue, what is left after the upstream's bill, percent (one decimal). */
  marginPercent: z.number(),
  /** Its margin is under the margin floor (MARGIN_FLOOR_PERCENT; 0 = under its cost). */
  belowCost: z.boolean(),
});
export type VariantMargin = z.infer<typeof VariantMargin>;
export const AdminMarginsResponse = z.object({
  data: z.array(VariantMargin),
  /** The floor the rows are measured against, percent. */
  marginFloorPercent: z.number(),
});
export type AdminMarginsResponse = z.infer<typeof AdminMarginsResponse>;

export const ADMIN_MARGIN_ROUTES = {
  margins: defineAppRoute({ ...APP_PATHS.adminMargins, response: AdminMarginsResponse }),
};
