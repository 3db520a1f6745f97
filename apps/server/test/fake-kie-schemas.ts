import type { JsonBody } from './local-server.ts';

/*
 * kie.ai's create inputs as its pages document them (docs/upstreams.md, sources K2, K6): the
 * fields each model takes and their allowed values. The fake refuses a field it does not know
 * and a value outside its enum with kie's `422 Validation Error`, and counts every use of a field
 * the schema marks deprecated, so tests can assert we never send one.
 */

const ASPECT_RATIOS = ['1:1', '9:16', '16:9', '3:4', '4:3', '3:2', '2:3', '5:4', '4:5', '21:9', 'auto'];

type FieldRule =
  | { type: 'string'; values?: string[]; maxLength?: number }
  | { type: 'boolean' }
  | { type: 'number'; min?: number; max?: number }
  | { type: 'urls'; maxItems: number };

interface ModelSchema {
  fields: Record<string, FieldRule>;
  required: string[];
  deprecated?: string[];
}

const NANO_BANANA: ModelSchema = {
  fields: {
    prompt: { type: 'string', maxLength: 5000 },
    output_format: { type: 'string', values: ['png', 'jpeg'] },
    aspect_ratio: { type: 'string', values: ASPECT_RATIOS },
    // "this parameter has been replaced by aspect_ratio" (K2): still taken, but deprecated.
    image_size: { type: 'string', values: ASPECT_RATIOS },
  },
  required: ['prompt'],
  deprecated: ['image_size'],
};

const IMAGEN4: ModelSchema = {
  fields: {
    prompt: { type: 'string', maxLength: 5000 },
    negative_prompt: { type: 'string', maxLength: 5000 },
    aspect_ratio: { type: 'string', values: ['1:1', '16:9', '9:16', '3:4', '4:3'] },
    num_images: { type: 'string', values: ['1', '2', '3', '4'] },
    seed: { type: 'string' },
  },
  required: ['prompt'],
};

/** The jobs API's image models (their results are pictures; the others' are videos). */
export const JOBS_IMAGE_MODELS = [
  'google/nano-banana',
  'google/nano-banana-edit',
  'nano-banana-pro',
  'seedream/4.5-text-to-image',
  'gpt-image/1.5-text-to-image',
  'google/imagen4',
  'google/imagen4-fast',
];

/** The jobs API's models and their `input` (createTask). */
export const JOBS_MODELS: Record<string, ModelSchema> = {
  'google/nano-banana': NANO_BANANA,
  'google/nano-banana-edit': {
    ...NANO_BANANA,
    fields: { ...NANO_BANANA.fields, image_urls: { type: 'urls', maxItems: 10 } },
    required: ['prompt', 'image_urls'],
  },
  // The catalogue's models (docs/upstreams.md, "The model catalogue"): each page's input fields.
  'nano-banana-pro': {
    fields: {
      prompt: { type: 'string', maxLength: 5000 },
      image_input: { type: 'urls', maxItems: 8 },
      aspect_ratio: {
        type: 'string',
        values: ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'],
      },
      resolution: { type: 'string', values: ['1K', '2K', '4K'] },
      output_format: { type: 'string', values: ['png', 'jpg'] },
    },
    required: ['prompt'],
  },
  'seedream/4.5-text-to-image': {
    fields: {
      prompt: { type: 'string', maxLength: 3000 },
      aspect_ratio: { type: 'string', values: ['1:1', '4:3', '3:4', '16:9', '9:16', '2:3', '3:2', '21:9'] },
      quality: { type: 'string', values: ['basic', 'high'] },
      nsfw_checker: { type: 'boolean' },
    },
    required: ['prompt', 'aspect_ratio', 'quality'],
  },
  'gpt-image/1.5-text-to-image': {
    fields: {
      prompt: { type: 'string', maxLength: 5000 },
      aspect_ratio: { type: 'string', values: ['1:1', '2:3', '3:2'] },
      quality: { type: 'string', values: ['medium', 'high'] },
    },
    required: ['prompt', 'aspect_ratio', 'quality'],
  },
  'google/imagen4': IMAGEN4,
  // Imagen 4 Fast types its seed as an integer (Imagen 4: a string).
  'google/imagen4-fast': { ...IMAGEN4, fields: { ...IMAGEN4.fields, seed: { type: 'number' } } },
  'kling-2.6/text-to-video': {
    fields: {
      prompt: { type: 'string', maxLength: 1000 },
      sound: { type: 'boolean' },
      aspect_ratio: { type: 'string', values: ['1:1', '16:9', '9:16'] },
      duration: { type: 'string', values: ['5', '10'] },
    },
    required: ['prompt', 'sound', 'duration'],
  },
  'bytedance/v1-pro-text-to-video': {
    fields: {
      prompt: { type: 'string', maxLength: 10_000 },
      aspect_ratio: { type: 'string', values: ['21:9', '16:9', '4:3', '1:1', '3:4', '9:16'] },
      resolution: { type: 'string', values: ['480p', '720p', '1080p'] },
      duration: { type: 'string', values: ['5', '10'] },
      camera_fixed: { type: 'boolean' },
      seed: { type: 'number', min: -1, max: 2_147_483_647 },
      nsfw_checker: { type: 'boolean' },
    },
    required: ['prompt'],
  },
  'wan/2-6-text-to-video': {
    fields: {
      prompt: { type: 'string', maxLength: 5000 },
      duration: { type: 'string', values: ['5', '10', '15'] },
      resolution: { type: 'string', values: ['720p', '1080p'] },
      nsfw_checker: { type: 'boolean' },
    },
    required: ['prompt'],
  },
  'hailuo/02-text-to-video-pro': {
    fields: {
      prompt: { type: 'string', maxLength: 1500 },
      prompt_optimizer: { type: 'boolean' },
      nsfw_checker: { type: 'boolean' },
    },
    required: ['prompt'],
  },
  'sora-watermark-remover': {
    fields: { video_url: { type: 'string', maxLength: 500 }, upload_method: { type: 'string' } },
    required: ['video_url'],
  },
};

/** The Veo generate body (K6): the fields live at the top level, beside `model`. */
export const VEO_BODY: ModelSchema = {
  fields: {
    prompt: { type: 'string' },
    imageUrls: { type: 'urls', maxItems: 2 },
    model: { type: 'string', values: ['veo3', 'veo3_fast'] },
    aspectRatio: { type: 'string', values: ['16:9', '9:16', 'Auto'] },
    // Deprecated: "remove it from requests" (K6); `seeds` is no longer in the field list.
    enableFallback: { type: 'boolean' },
    enableTranslation: { type: 'boolean' },
    watermark: { type: 'string' },
    callBackUrl: { type: 'string' },
    generationType: {
      type: 'string',
      values: ['TEXT_2_VIDEO', 'FIRST_AND_LAST_FRAMES_2_VIDEO', 'REFERENCE_2_VIDEO'],
    },
  },
  required: ['prompt', 'model'],
  deprecated: ['enableFallback'],
};

function fieldError(name: string, value: unknown, rule: FieldRule): string | undefined {
  if (rule.type === 'boolean') return typeof value === 'boolean' ? undefined : `${name} must be a boolean`;
  if (rule.type === 'number') {
    const isNumber = typeof value === 'number' && Number.isInteger(value);
    const inRange = isNumber && value >= (rule.min ?? -Infinity) && value <= (rule.max ?? Infinity);
    return inRange ? undefined : `${name} is out of range`;
  }
  if (rule.type === 'urls') {
    const isList = Array.isArray(value) && value.every((url) => typeof url === 'string');
    return isList && value.length <= rule.maxItems
      ? undefined
      : `${name} must hold ${rule.maxItems} URLs at most`;
  }
  if (typeof value !== 'string') return `${name} must be a string`;
  if (rule.values && !rule.values.includes(value)) return `${name} must be one of ${rule.values.join(', ')}`;
  if (rule.maxLength !== undefined && value.length > rule.maxLength) return `${name} is too long`;
  return undefined;
}

/** The first problem of `input` against `schema`, and the deprecated fields it uses. */
export function checkInput(
  input: JsonBody,
  schema: ModelSchema,
  ignore: string[] = [],
): { problem?: string; deprecated: string[] } {
  const deprecated = Object.keys(input).filter((name) => schema.deprecated?.includes(name));
  for (const name of schema.required) {
    if (input[name] === undefined || input[name] === '')
      return { problem: `${name} is required`, deprecated };
  }
  for (const [name, value] of Object.entries(input)) {
    if (ignore.includes(name)) continue;
    const rule = schema.fields[name];
    if (!rule) return { problem: `${name} is not a parameter of this model`, deprecated };
    const problem = fieldError(name, value, rule);
    if (problem) return { problem, deprecated };
  }
  return { deprecated };
}
