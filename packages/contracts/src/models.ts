/**
 * The model catalogue (docs/product.md, "Models"): every model of the image and video services,
 * declared once. Its request is the service's common fields plus its own documented ones; its
 * upstream mapping names kie.ai's model (jobs API `{model, input}`, or the Veo API) and, where
 * fal.ai serves the same model, fal's endpoint for failover (docs/upstreams.md, "The model catalogue").
 */
import { z } from 'zod';
import { metadataField } from './metadata.ts';
import { MODEL_CAPABILITIES, type ModelSummary, modelSummaryOf } from './model-catalogue.ts';
import {
  callBackUrl,
  ImageRequest,
  imagePrompt,
  PRICE_CONTROL_FIELDS,
  priceControls,
  VideoRequest,
  videoPrompt,
  webhookEvents,
} from './provider.ts';
import {
  IMAGE_MODEL_IDS,
  type ImageModelId,
  type ModelId,
  PROVIDER_LIMITS,
  VIDEO_MODEL_IDS,
  type VideoModelId,
} from './services.ts';

/** Where a model runs upstream. */
export type ModelUpstream =
  /** kie.ai's jobs API: `POST /api/v1/jobs/createTask {model, input}`; `editModel` when image_urls are sent. */
  | { api: 'kie-jobs'; model: string; editModel?: string }
  /** kie.ai's Veo 3.1 API: `POST /api/v1/veo/generate`. */
  | { api: 'kie-veo'; model: string };

/** A model: its summary (name, capabilities, default price: model-catalogue.ts) and how it runs. */
export interface ModelDefinition extends ModelSummary {
  /** Its full request schema: the service's common fields and its own. */
  request: z.ZodObject;
  kie: ModelUpstream;
  /** fal.ai's endpoint of the same model, when a failover there serves it field for field. */
  fal?: string;
  /** The documentation page its upstream mapping follows. */
  docs: string;
}

const L = PROVIDER_LIMITS;

/** The fields every image and video call takes, whatever the model. */
const commonFields = { callBackUrl, ...priceControls, webhookEvents, ...metadataField };
/** The fields every model's body has (the docs list each model's other fields as its own). */
export const MODEL_SHARED_FIELDS: readonly string[] = ['model', 'prompt', ...Object.keys(commonFields)];

const modelRequest = <Id extends ModelId, Shape extends z.ZodRawShape>(id: Id, shape: Shape) =>
  z.strictObject({
    model: z.literal(id).describe('The model'),
    ...shape,
    ...commonFields,
  });

const aspectRatio = <const T extends readonly [string, ...string[]]>(values: T, byDefault: T[number]) =>
  z.enum(values).default(byDefault).describe('Aspect ratio of the result');
const seed = z
  .number()
  .int()
  .min(0)
  .max(2_147_483_647)
  .optional()
  .describe('Random seed, for repeatable results');
const negativePrompt = z
  .string()
  .max(L.imagePromptMaxLength)
  .optional()
  .describe('What the result must not show');
const durationOf = <const T extends readonly number[]>(values: T, byDefault: T[number]) =>
  z
    .union(
      values.map((value) => z.literal(value)) as unknown as [
        z.ZodLiteral<T[number]>,
        ...z.ZodLiteral<T[number]>[],
      ],
      { error: `must be one of ${values.join(', ')}` },
    )
    .default(byDefault)
    .describe('Length of the video in seconds');

const IMAGEN_RATIOS = ['1:1', '16:9', '9:16', '3:4', '4:3'] as const;
const imagenShape = {
  prompt: imagePrompt(),
  negative_prompt: negativePrompt,
  aspect_ratio: aspectRatio(IMAGEN_RATIOS, '1:1'),
  seed,
};

/** The catalogue, each entry with its own request type (ModelInput reads them). */
const CATALOGUE = [
  {
    ...modelSummaryOf('nano-banana'),
    request: ImageRequest.extend({
      model: z.literal('nano-banana').default('nano-banana').describe('The model'),
    }),
    kie: { api: 'kie-jobs', model: 'google/nano-banana', editModel: 'google/nano-banana-edit' },
    fal: 'fal-ai/nano-banana',
    docs: 'https://docs.kie.ai/market/google/nano-banana',
  },
  {
    ...modelSummaryOf('nano-banana-pro'),
    request: modelRequest('nano-banana-pro', {
      prompt: imagePrompt(),
      image_urls: ImageRequest.shape.image_urls
        .unwrap()
        .max(8)
        .optional()
        .describe('Up to 8 reference images'),
      aspect_ratio: aspectRatio(
        ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'],
        '1:1',
      ),
      resolution: z.enum(['1K', '2K', '4K']).default('1K').describe('Size of the result'),
      output_format: z.enum(['png', 'jpg']).default('png').describe('File type of the result'),
    }),
    kie: { api: 'kie-jobs', model: 'nano-banana-pro' },
    docs: 'https://docs.kie.ai/market/google/pro-image-to-image',
  },
  {
    ...modelSummaryOf('seedream-4.5'),
    request: modelRequest('seedream-4.5', {
      prompt: imagePrompt(3000),
      aspect_ratio: aspectRatio(['1:1', '4:3', '3:4', '16:9', '9:16', '2:3', '3:2', '21:9'], '1:1'),
      quality: z.enum(['basic', 'high']).default('basic').describe('basic is 2K, high is 4K'),
    }),
    kie: { api: 'kie-jobs', model: 'seedream/4.5-text-to-image' },
    docs: 'https://docs.kie.ai/market/seedream/4-5-text-to-image',
  },
  {
    ...modelSummaryOf('gpt-image-1.5'),
    request: modelRequest('gpt-image-1.5', {
      prompt: imagePrompt(),
      aspect_ratio: aspectRatio(['1:1', '2:3', '3:2'], '1:1'),
      quality: z
        .enum(['medium', 'high'])
        .default('medium')
        .describe('medium is balanced, high slower and finer'),
    }),
    kie: { api: 'kie-jobs', model: 'gpt-image/1.5-text-to-image' },
    docs: 'https://docs.kie.ai/market/gpt-image/1-5-text-to-image',
  },
  {
    ...modelSummaryOf('imagen4'),
    request: modelRequest('imagen4', imagenShape),
    kie: { api: 'kie-jobs', model: 'google/imagen4' },
    docs: 'https://docs.kie.ai/market/google/imagen4',
  },
  {
    ...modelSummaryOf('imagen4-fast'),
    request: modelRequest('imagen4-fast', imagenShape),
    kie: { api: 'kie-jobs', model: 'google/imagen4-fast' },
    docs: 'https://docs.kie.ai/market/google/imagen4-fast',
  },
  {
    ...modelSummaryOf('fast'),
    request: VideoRequest.extend({ model: z.literal('fast').default('fast').describe('The model') }),
    kie: { api: 'kie-veo', model: 'veo3_fast' },
    fal: 'fal-ai/veo3.1/fast',
    docs: 'https://docs.kie.ai/veo3-api/generate-veo-3-video',
  },
  {
    ...modelSummaryOf('standard'),
    request: VideoRequest.extend({ model: z.literal('standard').describe('The model') }),
    kie: { api: 'kie-veo', model: 'veo3' },
    fal: 'fal-ai/veo3.1',
    docs: 'https://docs.kie.ai/veo3-api/generate-veo-3-video',
  },
  {
    ...modelSummaryOf('kling-2.6'),
    request: modelRequest('kling-2.6', {
      // kie's Kling 2.6 page: 1,000 characters at most (a longer one is its 422 after the charge).
      prompt: videoPrompt(1000),
      aspect_ratio: aspectRatio(['16:9', '9:16', '1:1'], '16:9'),
      duration: durationOf([5, 10], 5),
      sound: z.boolean().default(false).describe('Generate sound with the video'),
    }),
    kie: { api: 'kie-jobs', model: 'kling-2.6/text-to-video' },
    docs: 'https://docs.kie.ai/market/kling/text-to-video',
  },
  {
    ...modelSummaryOf('seedance-1-pro'),
    request: modelRequest('seedance-1-pro', {
      prompt: videoPrompt(),
      aspect_ratio: aspectRatio(['21:9', '16:9', '4:3', '1:1', '3:4', '9:16'], '16:9'),
      resolution: z.enum(['480p', '720p', '1080p']).default('720p').describe('Size of the video'),
      duration: durationOf([5, 10], 5),
      camera_fixed: z.boolean().default(false).describe('Keep the camera still'),
      seed,
    }),
    kie: { api: 'kie-jobs', model: 'bytedance/v1-pro-text-to-video' },
    docs: 'https://docs.kie.ai/market/bytedance/v1-pro-text-to-video',
  },
  {
    ...modelSummaryOf('wan-2.6'),
    request: modelRequest('wan-2.6', {
      prompt: videoPrompt(),
      duration: durationOf([5, 10, 15], 5),
      resolution: z.enum(['720p', '1080p']).default('1080p').describe('Size of the video'),
    }),
    kie: { api: 'kie-jobs', model: 'wan/2-6-text-to-video' },
    docs: 'https://docs.kie.ai/market/wan/2-6-text-to-video',
  },
  {
    ...modelSummaryOf('hailuo-02-pro'),
    request: modelRequest('hailuo-02-pro', {
      prompt: videoPrompt(1500),
      prompt_optimizer: z
        .boolean()
        .default(true)
        .describe('Let the model rewrite the prompt for a better video'),
    }),
    kie: { api: 'kie-jobs', model: 'hailuo/02-text-to-video-pro' },
    docs: 'https://docs.kie.ai/market/hailuo/02-text-to-video-pro',
  },
] as const satisfies readonly ModelDefinition[];

/** The catalogue: the first model of each service is its default. */
export const MODELS: readonly ModelDefinition[] = CATALOGUE;

/** Every model's body as a caller writes it (fields with defaults optional), told apart by `model`. */
type CatalogueInput = z.input<(typeof CATALOGUE)[number]['request']>;
/**
 * The body a caller writes for a model, or for any of several: `ModelInput<ImageModelId>` is the
 * union of every image model's body, told apart by `model` (the default's may leave it out).
 */
export type ModelInput<Id extends ModelId = ModelId> = Extract<CatalogueInput, { model?: Id }>;
export type ImageModelInput = ModelInput<ImageModelId>;
export type VideoModelInput = ModelInput<VideoModelId>;

const BY_ID = new Map(MODELS.map((model) => [model.id as string, model]));
export const modelById = (id: string): ModelDefinition | undefined => BY_ID.get(id);
export const MODEL_IDS = [...IMAGE_MODEL_IDS, ...VIDEO_MODEL_IDS] as const;

/** The model a body of the service names (`model`, else the service's default), or undefined if none such. */
export function modelOfBody(service: 'image' | 'video', body: unknown): ModelDefinition | undefined {
  const named = (body as { model?: unknown } | null)?.model;
  const id = named === undefined ? (service === 'image' ? 'nano-banana' : 'fast') : named;
  const model = typeof id === 'string' ? BY_ID.get(id) : undefined;
  return model?.service === service ? model : undefined;
}

/** The request schema as JSON Schema (what a caller writes: defaults optional), without the price controls. */
export function modelRequestJsonSchema(model: ModelDefinition): Record<string, unknown> {
  const hidden = new Set<string>([...PRICE_CONTROL_FIELDS, 'callBackUrl', 'webhookEvents', 'metadata']);
  const shape = Object.fromEntries(Object.entries(model.request.shape).filter(([name]) => !hidden.has(name)));
  return z.toJSONSchema(z.strictObject(shape), { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
}

/** `GET /api/provider/models`: the enabled models with their price (docs/product.md, "Models"). */
export const ListedModel = z.object({
  id: z.string(),
  service: z.enum(['image', 'video']),
  name: z.string(),
  credits: z.number().int().describe("Price of one call in credits (of the model's default body)"),
  variants: z
    .array(
      z.object({
        variant: z.string().describe('The variant as quotes and tasks name it'),
        label: z.string(),
        when: z
          .record(z.string(), z.unknown())
          .describe(
            'The body values that select it (strings, numbers or booleans; the defaults applied); empty for every body',
          ),
        credits: z.number().int().describe('Price of one call of this variant in credits'),
      }),
    )
    .describe('What the call costs for each body value that changes its price, the default first'),
  isDefault: z.boolean().describe("The service's model when a call names none"),
  capabilities: z.array(z.enum(MODEL_CAPABILITIES)),
  maxDurationS: z.number().int().describe('The task fails and is refunded if not done within this'),
  requestSchema: z.record(z.string(), z.unknown()).describe("The model's body as JSON Schema"),
});
export type ListedModel = z.infer<typeof ListedModel>;
export const ModelsAnswer = z.object({ success: z.literal(true), data: z.array(ListedModel) });
export type ModelsAnswer = z.infer<typeof ModelsAnswer>;
