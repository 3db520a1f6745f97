import {
  checkModelBody,
  DEFAULT_MODEL,
  type ModelDefinition,
  type ModelField,
  modelById,
  modelFieldsOf,
  modelsOf,
  ownFieldsOf,
} from '@conduit/contracts';
import { type CliInput, list, type OptionSpec, text, UsageError } from './command-spec.ts';

type MediaService = 'image' | 'video';

/**
 * The flags of the image and video commands that set a model field: the first of the fields
 * listed that the chosen model takes (`--size` is nano-banana's image_size, another model's
 * aspect_ratio). Any other field is a `--param key=value`.
 */
const FIELD_FLAGS: Record<MediaService, Record<string, readonly string[]>> = {
  image: { size: ['image_size', 'aspect_ratio'], format: ['output_format'], 'image-url': ['image_urls'] },
  video: { 'aspect-ratio': ['aspectRatio', 'aspect_ratio'], 'image-url': ['imageUrls', 'image_urls'] },
};

const idsOf = (service: MediaService) => modelsOf(service).map((model) => model.id);
const hasField = (model: ModelDefinition, name: string) => name in model.request.shape;
const flagOf = (service: MediaService, model: ModelDefinition, field: string) =>
  Object.entries(FIELD_FLAGS[service]).find(
    ([, fields]) => fields.find((candidate) => hasField(model, candidate)) === field,
  )?.[0];
/** The fields --param sets: every one but model and prompt (the command's argument). */
const paramFieldsOf = (model: ModelDefinition) =>
  modelFieldsOf(model).filter((field) => field.name !== 'prompt');

/** `--model`: any catalogue model of the service. */
export const modelOption = (service: MediaService): OptionSpec => ({
  type: 'string',
  value: 'ID',
  choices: idsOf(service),
  help: `the model (${DEFAULT_MODEL[service]}; \`conduit models\` lists their prices)`,
});

/** `--param key=value`: a field of the chosen model; the keys complete in the shell. */
export const paramOption = (service: MediaService): OptionSpec => ({
  type: 'string',
  multiple: true,
  value: 'KEY=VALUE',
  choices: [
    ...new Set(modelsOf(service).flatMap((model) => paramFieldsOf(model).map((field) => `${field.name}=`))),
  ],
  help: 'a field of the model, e.g. quality=high (Models below)',
});

/** A value of a flag, for the shell's completion: every value any of the service's models takes. */
export const flagChoices = (service: MediaService, flag: string) => [
  ...new Set(
    modelsOf(service).flatMap((model) => {
      const name = FIELD_FLAGS[service][flag]?.find((candidate) => hasField(model, candidate));
      const field = modelFieldsOf(model).find((candidate) => candidate.name === name);
      return (field?.values ?? []).map(String);
    }),
  ),
];

/** The text of --param's value as the field's type reads it; a value it cannot read stays text, which the check refuses. */
function readParam(type: ModelField['type'] | undefined, values: ModelField['values'], raw: string): unknown {
  const numeric = values ? typeof values[0] === 'number' : type === 'number' || type === 'integer';
  if (numeric && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

const fieldNames = (model: ModelDefinition) =>
  paramFieldsOf(model)
    .map((field) => field.name)
    .join(', ');

/**
 * The body of an image or video command: the prompt, the model (`--model`, checked against the
 * service's catalogue), the flags' fields and each `--param`, checked against the model's own
 * schema before anything is sent (a UsageError naming the field and where it came from).
 */
export function modelBody(input: CliInput, service: MediaService, prompt: string): Record<string, unknown> {
  const chosen = text(input, 'model');
  if (chosen !== undefined && !idsOf(service).includes(chosen as never))
    throw new UsageError(
      `--model ${chosen} is not ${service === 'image' ? 'an image' : 'a video'} model: one of ${idsOf(service).join(', ')} (\`conduit models\` lists the enabled ones with their prices)`,
    );
  const model = modelById(chosen ?? DEFAULT_MODEL[service]) as ModelDefinition;
  const body: Record<string, unknown> = { ...(chosen !== undefined && { model: chosen }), prompt };
  /** Where each field came from, for the error message. */
  const from = new Map<string, string>();

  for (const [flag, candidates] of Object.entries(FIELD_FLAGS[service])) {
    const value = flag === 'image-url' ? list(input, flag) : text(input, flag);
    if (value === undefined) continue;
    const field = candidates.find((candidate) => hasField(model, candidate));
    if (!field)
      throw new UsageError(
        `--${flag} is not for ${model.id}: its fields are ${fieldNames(model)} (set them with --param key=value)`,
      );
    body[field] = value;
    from.set(field, `--${flag}`);
  }

  for (const param of list(input, 'param') ?? []) {
    const at = param.indexOf('=');
    if (at < 1) throw new UsageError(`--param takes key=value, e.g. --param quality=high (got ${param})`);
    const [key, raw] = [param.slice(0, at), param.slice(at + 1)];
    if (key === 'model') throw new UsageError('Choose the model with --model');
    const field = paramFieldsOf(model).find((candidate) => candidate.name === key);
    if (!field)
      throw new UsageError(
        `--param ${key}: ${model.id} takes no ${key}; its fields are ${fieldNames(model)}`,
      );
    if (field.type === 'array') {
      const items = Array.isArray(body[key]) ? (body[key] as unknown[]) : [];
      body[key] = [...items, readParam(field.itemType, undefined, raw)];
    } else {
      if (from.has(key)) throw new UsageError(`--param ${key} is given twice (or also by ${from.get(key)})`);
      body[key] = readParam(field.type, field.values, raw);
    }
    from.set(key, `--param ${param}`);
  }

  const check = checkModelBody(service, body);
  if (!check.ok) {
    const source = from.get(check.field.split('.')[0] ?? '');
    throw new UsageError(`${check.message}${source ? ` (from ${source})` : ''}`);
  }
  return body;
}

const valuesText = (field: ModelField) => {
  if (field.values) return field.values.join('|');
  if (field.type === 'array') return `${field.itemType === 'string' ? 'URL' : 'VALUE'}, repeatable`;
  if (field.type === 'boolean') return 'true|false';
  return field.type === 'number' || field.type === 'integer' ? 'N' : 'TEXT';
};

/** `conduit help image|video`: each model of the service and the fields --param (or a flag) sets. */
export function modelHelp(service: MediaService): string[] {
  const lines = [
    `Models (--model ID; \`conduit models\` lists the enabled ones with their prices), each with its`,
    'own fields (--param key=value, or the flag named):',
  ];
  for (const model of modelsOf(service)) {
    const isDefault = DEFAULT_MODEL[service] === model.id;
    lines.push(`  ${model.id.padEnd(18)} ${model.name}${isDefault ? ', the default' : ''}`);
    for (const field of ownFieldsOf(model)) {
      const flag = flagOf(service, model, field.name);
      const byDefault = field.byDefault === undefined ? '' : `, default ${String(field.byDefault)}`;
      lines.push(
        `    ${field.name.padEnd(18)} ${valuesText(field)}${byDefault}${flag ? ` (or --${flag})` : ''}`,
      );
    }
  }
  return lines;
}
