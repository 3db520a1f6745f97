import {
  DEFAULT_MODEL_LIST,
  type ListedModel,
  listedModelOf,
  MODELS_PATH,
  type ModelId,
  type ModelsAnswer,
  modelById,
  modelRequestJsonSchema,
  modelSummaryOf,
} from '@conduit/contracts';
import type { ApiRoutes } from './api-mock.ts';

/**
 * GET /api/provider/models as the server answers it after an operator's changes: the catalogue
 * with each model's schema, `prices` set (each variant moved with its model's price, as the server
 * lists them) and the `disabled` models left out.
 */
export function modelsAnswer(
  changes: { prices?: Partial<Record<ModelId, number>>; disabled?: ModelId[] } = {},
): ModelsAnswer {
  const data: ListedModel[] = DEFAULT_MODEL_LIST.filter(
    (model) => !changes.disabled?.includes(model.id as ModelId),
  ).map((model) => {
    const definition = modelById(model.id);
    if (!definition) throw new Error(`no model ${model.id}`);
    const credits = changes.prices?.[definition.id] ?? model.credits;
    return {
      ...listedModelOf(modelSummaryOf(definition.id), credits),
      requestSchema: modelRequestJsonSchema(definition),
    };
  });
  return { success: true, data };
}

export const modelsRoute = (answer: ModelsAnswer = modelsAnswer()): ApiRoutes => ({
  [`GET ${MODELS_PATH}`]: { body: answer },
});
