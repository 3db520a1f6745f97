import type { JsonBody } from './local-server.ts';

/*
 * The inputs of the fal endpoints we use, as the official client types them
 * (`@fal-ai/client` libs/client/src/types/endpoints.ts: NanoBananaInput, NanoBananaEditInput,
 * Veo31Input, Veo31ImageToVideoInput; docs/upstreams.md source F5). A value outside an enum is a
 * 422 with pydantic's `detail: [{ loc, msg, type }]` (F5, response.ts); so is a field the model
 * does not have (stricter than fal may be: it keeps us from sending fields fal would drop).
 */

type Rule = { values?: string[]; kind: 'string' | 'number' | 'boolean' | 'urls' };

const NANO_RATIOS = ['21:9', '16:9', '3:2', '4:3', '5:4', '1:1', '4:5', '3:4', '2:3', '9:16'];
const SAFETY = ['1', '2', '3', '4', '5', '6'];

const NANO_BANANA: Record<string, Rule> = {
  prompt: { kind: 'string' },
  aspect_ratio: { kind: 'string', values: NANO_RATIOS },
  limit_generations: { kind: 'boolean' },
  num_images: { kind: 'number' },
  output_format: { kind: 'string', values: ['jpeg', 'png', 'webp'] },
  safety_tolerance: { kind: 'string', values: SAFETY },
  seed: { kind: 'number' },
  sync_mode: { kind: 'boolean' },
};

const VEO31: Record<string, Rule> = {
  prompt: { kind: 'string' },
  aspect_ratio: { kind: 'string', values: ['16:9', '9:16'] },
  auto_fix: { kind: 'boolean' },
  duration: { kind: 'string', values: ['4s', '6s', '8s'] },
  generate_audio: { kind: 'boolean' },
  negative_prompt: { kind: 'string' },
  resolution: { kind: 'string', values: ['720p', '1080p', '4k'] },
  safety_tolerance: { kind: 'string', values: SAFETY },
  seed: { kind: 'number' },
};

const VEO31_FROM_IMAGE: Record<string, Rule> = {
  ...VEO31,
  aspect_ratio: { kind: 'string', values: ['auto', '16:9', '9:16'] },
  image_url: { kind: 'string' },
};

/** Endpoint ids we call, with their fields and required fields. */
export const FAL_ENDPOINTS: Record<string, { fields: Record<string, Rule>; required: string[] }> = {
  'fal-ai/nano-banana': { fields: NANO_BANANA, required: ['prompt'] },
  'fal-ai/nano-banana/edit': {
    fields: {
      ...NANO_BANANA,
      aspect_ratio: { kind: 'string', values: ['auto', ...NANO_RATIOS] },
      image_urls: { kind: 'urls' },
    },
    required: ['prompt', 'image_urls'],
  },
  'fal-ai/veo3.1': { fields: VEO31, required: ['prompt'] },
  'fal-ai/veo3.1/fast': { fields: VEO31, required: ['prompt'] },
  'fal-ai/veo3.1/image-to-video': { fields: VEO31_FROM_IMAGE, required: ['prompt', 'image_url'] },
  'fal-ai/veo3.1/fast/image-to-video': { fields: VEO31_FROM_IMAGE, required: ['prompt', 'image_url'] },
};

const isKind = (value: unknown, kind: Rule['kind']) =>
  kind === 'urls'
    ? Array.isArray(value) && value.every((item) => typeof item === 'string')
    : typeof value === kind;

/** Pydantic-shaped validation errors of `body` for `endpoint` (empty when valid). */
export function validationErrors(endpoint: string, body: JsonBody | undefined) {
  const schema = FAL_ENDPOINTS[endpoint];
  if (!schema) return [{ loc: ['path'], msg: 'Unknown endpoint', type: 'value_error' }];
  const input = body ?? {};
  const errors: { loc: string[]; msg: string; type: string }[] = [];
  for (const name of schema.required) {
    if (input[name] === undefined)
      errors.push({ loc: ['body', name], msg: 'Field required', type: 'missing' });
  }
  for (const [name, value] of Object.entries(input)) {
    const rule = schema.fields[name];
    if (!rule) {
      errors.push({ loc: ['body', name], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' });
    } else if (!isKind(value, rule.kind)) {
      errors.push({ loc: ['body', name], msg: `Input should be a valid ${rule.kind}`, type: 'type_error' });
    } else if (rule.values && !rule.values.includes(String(value))) {
      const expected = rule.values.map((v) => `'${v}'`).join(', ');
      errors.push({ loc: ['body', name], msg: `Input should be ${expected}`, type: 'literal_error' });
    }
  }
  return errors;
}
