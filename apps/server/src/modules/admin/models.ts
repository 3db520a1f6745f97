import {
  type AdminModel,
  ERROR_CODES,
  modelById,
  sellsBelowFloor,
  type UpdateModelBody,
  variantCredits,
  variantsOfModel,
} from '@conduit/contracts';
import { eq, sql } from 'drizzle-orm';
import { AppError, NotFound } from '../../platform/errors.ts';
import { defaultCreditsOf, type ModelState, modelCatalogueOf } from '../models/catalogue.ts';
import { modelSettings } from '../models/schema.ts';
import type { AdminActor, AdminContext } from './admin-context.ts';
import { writeSettingAudit } from './audit-log.ts';

const adminModelOf = ({ model, enabled, credits, defaultCredits }: ModelState): AdminModel => ({
  id: model.id,
  service: model.service,
  name: model.name,
  enabled,
  credits,
  defaultCredits,
  upstreamMicros: variantsOfModel(model.id)[0]?.upstreamMicros ?? 0,
});

/** The catalogue with the operator's settings (docs/product.md, "Models"). */
export async function listModels(ctx: Pick<AdminContext, 'db' | 'config'>): Promise<AdminModel[]> {
  return (await modelCatalogueOf(ctx).states()).map(adminModelOf);
}

/** 409 PRICE_BELOW_COST: a price that leaves a variant under its cost plus the margin floor. */
export class PriceBelowCost extends AppError {
  constructor(model: string, variants: { variant: string; credits: number; upstreamMicros: number }[]) {
    super(
      ERROR_CODES.PRICE_BELOW_COST,
      `At this price ${model} sells ${variants.map((row) => `${row.variant} (${row.credits} credits)`).join(', ')} below its upstream cost plus the margin floor at the cheapest pack's rate; send acceptBelowCost: true to save it anyway`,
      { field: 'credits', details: { model, variants } },
    );
  }
}

/** The model's variants that would sell under their cost plus the floor at `credits`. */
function variantsBelowFloor(id: string, credits: number, floorPercent: number) {
  return variantsOfModel(id)
    .map((cost) => ({
      variant: cost.variant,
      credits: variantCredits(cost, credits),
      upstreamMicros: cost.upstreamMicros,
    }))
    .filter((row) => sellsBelowFloor(row.credits, row.upstreamMicros, floorPercent));
}

/**
 * Turns a model on or off or sets its price; the change and its audit row commit together. A held
 * quote keeps its price: only calls without one pay the new price. A price that sells a variant
 * under its cost plus MARGIN_FLOOR_PERCENT is refused (409) unless `acceptBelowCost` says so; then
 * it is saved and the audit row names the variants.
 */
export async function updateModel(
  ctx: AdminContext,
  actor: AdminActor,
  id: string,
  body: UpdateModelBody,
): Promise<AdminModel> {
  const model = modelById(id);
  if (!model) throw new NotFound('No such model');
  const catalogue = modelCatalogueOf(ctx);
  let belowCost: ReturnType<typeof variantsBelowFloor> = [];
  if (body.credits !== undefined) {
    const credits = body.credits ?? defaultCreditsOf(model, ctx.config);
    belowCost = variantsBelowFloor(id, credits, ctx.config.MARGIN_FLOOR_PERCENT);
    if (belowCost.length > 0 && body.acceptBelowCost !== true) throw new PriceBelowCost(id, belowCost);
  }
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(modelSettings).where(eq(modelSettings.modelId, id)).for('update');
    const before = { enabled: row?.enabled ?? true, credits: row?.credits ?? null };
    const after = {
      enabled: body.enabled ?? before.enabled,
      credits: body.credits === undefined ? before.credits : body.credits,
    };
    await tx
      .insert(modelSettings)
      .values({ modelId: id, ...after, updatedBy: actor.userId })
      .onConflictDoUpdate({
        target: modelSettings.modelId,
        set: { ...after, updatedBy: actor.userId, updatedAt: sql`now()` },
      });
    await writeSettingAudit(tx, ctx.clock.now(), actor.userId, 'model.updated', {
      model: id,
      before,
      after,
      ...(belowCost.length > 0 && { acceptedBelowCost: belowCost.map((row) => row.variant) }),
    });
  });
  // This process prices with the change from its next call; the others within MODEL_SETTINGS_TTL_MS.
  catalogue.changed();
  const state = (await catalogue.states()).find((candidate) => candidate.model.id === id) as ModelState;
  return adminModelOf(state);
}
