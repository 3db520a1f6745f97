import {
  checkModelBody,
  DEFAULT_MODEL,
  MODEL_SHARED_FIELDS,
  type ModelDefinition,
  modelFieldsOf,
  modelsOf,
  SERVICE_COST,
} from '@conduit/contracts';
import { z } from 'zod';

type MediaService = 'image' | 'video';
/** The fields every model takes (callBackUrl, the price controls...): listed after the models' own. */
const SHARED = new Set(MODEL_SHARED_FIELDS.filter((name) => name !== 'model' && name !== 'prompt'));

/** A model's field without its default or optional wrapper: the tool sends only what the agent gave. */
function bare(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
  return inner;
}

type Json = Record<string, unknown>;
const jsonOf = (schema: z.ZodType): Json => {
  const {
    $schema: _dialect,
    description: _description,
    ...json
  } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as Json;
  return json;
};
/** The values a field takes, when it is an enum or a set of literals. */
const valuesOf = (json: Json): (string | number)[] | undefined => {
  if (Array.isArray(json.enum)) return json.enum as (string | number)[];
  if (json.const !== undefined) return [json.const as string | number];
  const options = json.anyOf as Json[] | undefined;
  return options?.every((option) => option.const !== undefined)
    ? options.map((option) => option.const as string | number)
    : undefined;
};
const BOUNDS = ['maxLength', 'maxItems', 'maximum'] as const;
const withoutBounds = (json: Json) =>
  JSON.stringify(
    Object.fromEntries(Object.entries(json).filter(([key]) => !(BOUNDS as readonly string[]).includes(key))),
  );
const boundOf = (json: Json) => Math.max(...BOUNDS.map((key) => Number(json[key] ?? 0)));

interface Variant {
  schema: z.ZodType;
  json: Json;
  models: string[];
}

/**
 * One field the tool takes, from every model of the service that has it: one schema when they
 * agree (the loosest bound when only a maximum differs), the union of the values when each takes
 * its own set, and a description naming the models that take it.
 */
function mergedField(name: string, variants: Variant[], all: number, descriptions: Map<string, string[]>) {
  const models = variants.flatMap((variant) => variant.models);
  const values = variants.map((variant) => valuesOf(variant.json));
  let schema: z.ZodType;
  let byModel = '';
  if (variants.length === 1) schema = (variants[0] as Variant).schema;
  else if (values.every((set) => set !== undefined)) {
    const union = [...new Set(values.flat() as (string | number)[])];
    schema = union.every((value) => typeof value === 'string')
      ? z.enum(union as [string, ...string[]])
      : z.literal(union as [string | number, ...(string | number)[]]);
    byModel = ` Values by model: ${variants.map((variant, at) => `${variant.models.join(', ')}: ${values[at]?.join('|')}`).join('; ')}.`;
  } else if (new Set(variants.map((variant) => withoutBounds(variant.json))).size === 1) {
    const loosest = variants.reduce((best, variant) =>
      boundOf(variant.json) > boundOf(best.json) ? variant : best,
    );
    schema = loosest.schema;
  } else
    schema = z.union(variants.map((variant) => variant.schema) as [z.ZodType, z.ZodType, ...z.ZodType[]]);
  const takenBy = models.length === all ? '' : ` Only ${models.join(', ')}.`;
  // One text when the models agree, else each model's own.
  const described =
    descriptions.size === 1
      ? [...descriptions.keys()][0]
      : [...descriptions].map(([text, ids]) => `${ids.join(', ')}: ${text}`).join('; ');
  return schema.describe(`${described || name}.${takenBy}${byModel}`.replace(/\.\./g, '.'));
}

/**
 * The input of generate_image or create_video: `prompt`, `model` (the service's catalogue) and
 * every field any of its models takes, each optional and described with the models that take
 * it; the call's body is then checked against the chosen model (checkModelArguments).
 */
export function mediaToolInput(service: MediaService) {
  const models = modelsOf(service);
  const variants = new Map<string, Variant[]>();
  const descriptions = new Map<string, Map<string, string[]>>();
  const required = new Map<string, number>();
  for (const model of models) {
    for (const field of modelFieldsOf(model)) {
      const schema = bare(model.request.shape[field.name] as z.ZodType);
      const json = jsonOf(schema);
      const key = JSON.stringify(json);
      const known = variants.get(field.name) ?? [];
      const same = known.find((variant) => JSON.stringify(variant.json) === key);
      if (same) same.models.push(model.id);
      else known.push({ schema, json, models: [model.id] });
      variants.set(field.name, known);
      const texts = descriptions.get(field.name) ?? new Map<string, string[]>();
      texts.set(field.description ?? '', [...(texts.get(field.description ?? '') ?? []), model.id]);
      descriptions.set(field.name, texts);
      if (field.required) required.set(field.name, (required.get(field.name) ?? 0) + 1);
    }
  }
  const ids = models.map((model) => model.id) as [string, ...string[]];
  const shape: Record<string, z.ZodType> = {};
  // The prompt first, then the model, then each model's own fields, then the common ones.
  const names = [...variants.keys()].sort(
    (a, b) =>
      Number(b === 'prompt') - Number(a === 'prompt') || Number(SHARED.has(a)) - Number(SHARED.has(b)),
  );
  for (const name of names) {
    const field = mergedField(
      name,
      variants.get(name) ?? [],
      models.length,
      descriptions.get(name) ?? new Map(),
    );
    shape[name] = required.get(name) === models.length ? field : field.optional();
    if (name === 'prompt')
      shape.model = z
        .enum(ids)
        .optional()
        .describe(
          `The model: ${DEFAULT_MODEL[service]} (${SERVICE_COST[service]} credit${SERVICE_COST[service] === 1 ? '' : 's'}) when absent. Each field below says which models take it; a field the chosen model does not take is refused before any call. list_models gives each model's price in credits.`,
        );
  }
  return z.object(shape);
}

/** Arguments the chosen model refuses: nothing was sent, nothing charged. */
export class ModelArgumentError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/** The body of a media tool call, checked against its model's own schema before the API is called. */
export function checkModelArguments(service: MediaService, input: Record<string, unknown>) {
  const body = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  const check = checkModelBody(service, body);
  if (!check.ok) throw new ModelArgumentError(check.field, check.message);
  return { body, model: check.model as ModelDefinition };
}
