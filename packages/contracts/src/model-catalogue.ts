// Plain values, no zod: the prerendered landing and the docs read the catalogue without loading
// any schema code. models.ts adds each model's request schema and upstream mapping to these.
import type { ListedModel } from './models.ts';
import { DEFAULT_MODEL, type ModelId, SERVICE_COST, TASK_DEADLINE_S } from './services.ts';
import { variantsOfModel } from './upstream-costs.ts';
import { variantCredits } from './variant-prices.ts';

/** The public model list (docs/product.md, "Models"): answers with or without a key. */
export const MODELS_PATH = '/api/provider/models';

export const MODEL_CAPABILITIES = [
  'text-to-image',
  'image-edit',
  'text-to-video',
  'image-to-video',
  'audio',
  'seed',
  'negative-prompt',
] as const;
export type ModelCapability = (typeof MODEL_CAPABILITIES)[number];

/** What a model is, without its request schema (docs/product.md, "Models"). */
export interface ModelSummary {
  id: ModelId;
  service: 'image' | 'video';
  name: string;
  capabilities: readonly ModelCapability[];
  /** How long its task may take before it fails and is refunded, seconds. */
  maxDurationS: number;
  /** The price in credits before an operator sets one (the default models: the specification's). */
  defaultCredits: number;
}

/** A model of `service` with its deadline, at a price in credits until an operator sets one. */
const modelOf =
  (service: ModelSummary['service']) =>
  (
    id: ModelId,
    name: string,
    defaultCredits: number,
    capabilities: readonly ModelCapability[],
  ): ModelSummary => ({
    id,
    service,
    name,
    capabilities,
    maxDurationS: TASK_DEADLINE_S[service],
    defaultCredits,
  });
const image = modelOf('image');
const video = modelOf('video');
const VEO: readonly ModelCapability[] = ['text-to-video', 'image-to-video', 'audio', 'seed'];
const IMAGEN: readonly ModelCapability[] = ['text-to-image', 'negative-prompt', 'seed'];

/** Every model, in catalogue order: the first of each service is its default. */
export const MODEL_SUMMARIES: readonly ModelSummary[] = [
  image('nano-banana', 'Nano Banana', SERVICE_COST.image, ['text-to-image', 'image-edit']),
  image('nano-banana-pro', 'Nano Banana Pro', 4, ['text-to-image', 'image-edit']),
  image('seedream-4.5', 'Seedream 4.5', 2, ['text-to-image']),
  image('gpt-image-1.5', 'GPT Image 1.5', 3, ['text-to-image']),
  image('imagen4', 'Imagen 4', 2, IMAGEN),
  image('imagen4-fast', 'Imagen 4 Fast', 1, IMAGEN),
  video('fast', 'Veo 3.1 Fast', SERVICE_COST.video, VEO),
  video('standard', 'Veo 3.1 Quality', SERVICE_COST.video, VEO),
  video('kling-2.6', 'Kling 2.6', 12, ['text-to-video', 'audio']),
  video('seedance-1-pro', 'Seedance 1.0 Pro', 14, ['text-to-video', 'seed']),
  video('wan-2.6', 'Wan 2.6', 16, ['text-to-video']),
  video('hailuo-02-pro', 'Hailuo 02 Pro', 12, ['text-to-video']),
];

const SUMMARY_BY_ID = new Map(MODEL_SUMMARIES.map((model) => [model.id as string, model]));
/** A model's summary by id (models.ts builds each definition on it). */
export function modelSummaryOf(id: ModelId): ModelSummary {
  const summary = SUMMARY_BY_ID.get(id);
  if (!summary) throw new Error(`No model summary for ${id}`);
  return summary;
}

/** One model of `GET /api/provider/models` without its request schema. */
export type ListedModelSummary = Omit<ListedModel, 'requestSchema'>;

/** A model as `GET /api/provider/models` lists it, at `credits` (its default variant's price). */
export const listedModelOf = (model: ModelSummary, credits: number): ListedModelSummary => ({
  id: model.id,
  service: model.service,
  name: model.name,
  credits,
  variants: variantsOfModel(model.id).map((cost) => ({
    variant: cost.variant,
    label: cost.label,
    when: { ...cost.when },
    credits: variantCredits(cost, credits),
  })),
  isDefault: DEFAULT_MODEL[model.service] === model.id,
  capabilities: [...model.capabilities],
  maxDurationS: model.maxDurationS,
});

/**
 * The list before any operator setting: every model at its default price. The prerendered pages
 * show it until the endpoint answers with the prices and models the operator set.
 */
export const DEFAULT_MODEL_LIST: readonly ListedModelSummary[] = MODEL_SUMMARIES.map((model) =>
  listedModelOf(model, model.defaultCredits),
);
