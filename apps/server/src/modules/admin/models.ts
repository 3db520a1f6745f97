import { type AdminModel, modelById, type UpdateModelBody, variantsOfModel } from '@conduit/contracts';
import { eq, sql } from 'drizzle-orm';
import { NotFound } from '../../platform/errors.ts';
import { type ModelState, modelCatalogueOf } from '../models/catalogue.ts';
import { modelSettings } from '../models/schema.ts';
import type { AdminActor, AdminContext } from './admin-context.ts';
import { writeAuditEntry } from './audit-log.ts';

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

/**
 * Turns a model on or off or sets its price; the change and its audit row commit together. A held
 * quote keeps its price: only calls without one pay the new price.
 */
export async function updateModel(
  ctx: AdminContext,
  actor: AdminActor,
  id: string,
  body: UpdateModelBody,
): Promise<AdminModel> {
  if (!modelById(id)) throw new NotFound('No such model');
  const catalogue = modelCatalogueOf(ctx);
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
    await writeAuditEntry(tx, {
      actorId: actor.userId,
      action: 'model.updated',
      targetUserId: null,
      details: { model: id, before, after },
      at: ctx.clock.now(),
    });
  });
  // This process prices with the change from its next call; the others within MODEL_SETTINGS_TTL_MS.
  catalogue.changed();
  const state = (await catalogue.states()).find((candidate) => candidate.model.id === id) as ModelState;
  return adminModelOf(state);
}
