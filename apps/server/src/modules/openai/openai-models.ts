import type { ModelCapability, ModelDefinition, OpenAIModel } from '@conduit/contracts';
import type { ModelCatalogue } from '../models/catalogue.ts';
import { ModelNotFound } from './openai-errors.ts';

/** The catalogue's models carry no dates: every one is listed as created when /v1 opened (2026-12-07). */
export const CATALOGUE_CREATED_S = 1_796_601_600;

export const openAIModelOf = (model: ModelDefinition): OpenAIModel => ({
  id: model.id,
  object: 'model',
  created: CATALOGUE_CREATED_S,
  owned_by: 'conduit',
});

/** Every enabled model, image and video. */
export async function enabledModels(catalogue: ModelCatalogue): Promise<ModelDefinition[]> {
  return (await catalogue.states()).filter((state) => state.enabled).map((state) => state.model);
}

/**
 * The enabled model of the service a call names (left out: the service's default, or for an edit
 * the first model that edits); 404 `model_not_found` otherwise, naming the ones that would do.
 */
export async function modelFor(
  catalogue: ModelCatalogue,
  service: 'image' | 'video',
  named: string | undefined,
  needs?: ModelCapability,
): Promise<ModelDefinition> {
  const fits = (await enabledModels(catalogue)).filter(
    (model) => model.service === service && (!needs || model.capabilities.includes(needs)),
  );
  const model = named === undefined ? fits[0] : fits.find((candidate) => candidate.id === named);
  if (!model) {
    throw new ModelNotFound(
      named ?? '(default)',
      service,
      fits.map((candidate) => candidate.id),
    );
  }
  return model;
}
