/**
 * A model's fields as the SDKs present them (the CLI's --param, the MCP tools' arguments), and the
 * check of a body against its model before any call, with a message naming the field.
 */
import { z } from 'zod';
import {
  type ListedModel,
  MODEL_SHARED_FIELDS,
  MODELS,
  type ModelDefinition,
  modelOfBody,
} from './models.ts';

const SHARED = new Set(MODEL_SHARED_FIELDS);

export interface ModelField {
  name: string;
  description: string | undefined;
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'unknown';
  /** The only values it takes (an enum, or literals such as the durations), if it is such a field. */
  values?: readonly (string | number)[];
  /** An array's items' type. */
  itemType?: ModelField['type'];
  /** Given without it, the model uses this. */
  byDefault?: unknown;
  required: boolean;
}

type JsonSchema = Record<string, unknown> & {
  type?: string;
  enum?: (string | number)[];
  const?: string | number;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  description?: string;
  default?: unknown;
};

const typeOf = (schema: JsonSchema | undefined): ModelField['type'] => {
  const type = schema?.type ?? schema?.anyOf?.[0]?.type;
  return type === 'string' ||
    type === 'number' ||
    type === 'integer' ||
    type === 'boolean' ||
    type === 'array'
    ? type
    : 'unknown';
};
const valuesOf = (schema: JsonSchema): (string | number)[] | undefined => {
  if (schema.enum) return schema.enum;
  if (schema.const !== undefined) return [schema.const];
  const consts = schema.anyOf?.map((option) => option.const);
  return consts?.length && consts.every((value) => value !== undefined)
    ? (consts as (string | number)[])
    : undefined;
};

const FIELDS = new Map<string, ModelField[]>();
/** Every field of the model's body but `model`, in its schema's order (cached: each is built once). */
export function modelFieldsOf(model: ModelDefinition): ModelField[] {
  let fields = FIELDS.get(model.id);
  if (!fields) {
    const json = z.toJSONSchema(model.request, { io: 'input', unrepresentable: 'any' }) as {
      properties: Record<string, JsonSchema>;
      required?: string[];
    };
    fields = Object.entries(json.properties)
      .filter(([name]) => name !== 'model')
      .map(([name, schema]) => ({
        name,
        description: schema.description,
        type: typeOf(schema),
        ...(valuesOf(schema) && { values: valuesOf(schema) }),
        ...(schema.items && { itemType: typeOf(schema.items) }),
        ...(schema.default !== undefined && { byDefault: schema.default }),
        required: json.required?.includes(name) ?? false,
      }));
    FIELDS.set(model.id, fields);
  }
  return fields;
}

/** The model's own fields: what it takes besides model, prompt and the fields every model takes. */
export const ownFieldsOf = (model: ModelDefinition) =>
  modelFieldsOf(model).filter((field) => !SHARED.has(field.name));

export const modelsOf = (service: 'image' | 'video') => MODELS.filter((model) => model.service === service);

const listed = (values: readonly unknown[]) => values.map(String).join(', ');

export type ModelBodyCheck =
  | { ok: true; model: ModelDefinition }
  | { ok: false; model: ModelDefinition | undefined; field: string; message: string };

/**
 * A body of the service checked against its model's schema as the server will check it (the
 * catalogue this version knows; the server also refuses a model its operator turned off): the
 * model, or the first problem with the field it is about and a message saying what is allowed.
 */
export function checkModelBody(service: 'image' | 'video', body: Record<string, unknown>): ModelBodyCheck {
  const model = modelOfBody(service, body);
  if (!model) {
    const ids = modelsOf(service).map((candidate) => candidate.id);
    return {
      ok: false,
      model,
      field: 'model',
      message: `model: ${String(body.model)} is not ${service === 'image' ? 'an image' : 'a video'} model; one of ${ids.join(', ')}`,
    };
  }
  const parsed = model.request.safeParse(body);
  if (parsed.success) return { ok: true, model };
  const issue = parsed.error.issues[0] as z.core.$ZodIssue;
  if (issue.code === 'unrecognized_keys') {
    const [field = 'body'] = issue.keys;
    const own = modelFieldsOf(model).map((candidate) => candidate.name);
    return {
      ok: false,
      model,
      field,
      message: `${field}: ${model.id} takes no ${issue.keys.join(', ')}; its fields are ${own.join(', ')}`,
    };
  }
  const field = issue.path.map(String).join('.') || 'body';
  const described = modelFieldsOf(model).find((candidate) => candidate.name === issue.path[0]);
  const message =
    described?.values && issue.path.length === 1
      ? `${field}: must be one of ${listed(described.values)} for ${model.id}`
      : described?.type === 'boolean'
        ? `${field}: must be true or false`
        : `${field}: ${issue.message}`;
  return { ok: false, model, field, message };
}

/**
 * What a body of the model costs at the listed prices, before the call: the price of the variant
 * its values select (a field left out counts as its default), else the model's own price.
 */
export function creditsOfBody(
  model: ModelDefinition,
  listed: Pick<ListedModel, 'credits' | 'variants'>,
  body: Record<string, unknown>,
): number {
  const fields = modelFieldsOf(model);
  const valueAt = (name: string) => body[name] ?? fields.find((field) => field.name === name)?.byDefault;
  const variant = (listed.variants ?? []).find((candidate) =>
    Object.entries(candidate.when).every(([name, value]) => valueAt(name) === value),
  );
  return variant?.credits ?? listed.credits;
}
