import { z } from 'zod';

/** One row of an endpoint's field table, read from its zod body schema (never retyped). */
export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  /** The default as JSON, or null when the field has none. */
  defaultValue: string | null;
  /** Limits and allowed values in words, e.g. "1-5000 characters" or "one of png, jpeg". */
  limits: string[];
  description: string;
}

export interface JsonSchema {
  type?: string;
  const?: unknown;
  anyOf?: JsonSchema[];
  format?: string;
  enum?: unknown[];
  default?: unknown;
  description?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

const formatNumber = (value: number) => value.toLocaleString('en-US');
/** zod writes `.int()` without a maximum as the largest safe integer: that is no limit to a reader. */
const isRealLimit = (value: number | undefined): value is number =>
  value !== undefined && Math.abs(value) < Number.MAX_SAFE_INTEGER;

/** The values of `anyOf` constants (zod's union of literals, e.g. a duration of 5 or 10). */
const constantsOf = (schema: JsonSchema): unknown[] | undefined =>
  schema.anyOf?.every((option) => option.const !== undefined)
    ? schema.anyOf.map((option) => option.const)
    : undefined;

function typeOf(schema: JsonSchema): string {
  if (!schema.type && schema.anyOf?.[0]) return typeOf(schema.anyOf[0]);
  if (schema.type === 'array') return `array of ${schema.items ? typeOf(schema.items) : 'values'}`;
  if (schema.type === 'string' && schema.format === 'uri') return 'string (URL)';
  return schema.type ?? 'any';
}

function range(min: number | undefined, max: number | undefined, unit: string): string | null {
  const hasMin = isRealLimit(min);
  const hasMax = isRealLimit(max);
  const suffix = unit ? ` ${unit}` : '';
  if (hasMin && hasMax) return `${formatNumber(min)}-${formatNumber(max)}${suffix}`;
  if (hasMax) return `at most ${formatNumber(max)}${suffix}`;
  if (hasMin) return `at least ${formatNumber(min)}${suffix}`;
  return null;
}

/** `^https:\/\/host\/.*` (zod's startsWith) back to its prefix; null for any other pattern. */
function prefixOf(pattern: string): string | null {
  const match = /^\^(.*)\.\*$/.exec(pattern);
  if (!match?.[1] || /(^|[^\\])[[\](){}*+?|^$]/.test(match[1])) return null;
  return match[1].replace(/\\(.)/g, '$1');
}

function limitsOf(schema: JsonSchema): string[] {
  const limits: string[] = [];
  const values = schema.enum ?? constantsOf(schema);
  if (values) limits.push(`one of ${values.map((value) => String(value)).join(', ')}`);
  const characters = range(schema.minLength, schema.maxLength, 'characters');
  if (characters) limits.push(characters);
  const numbers = range(schema.minimum, schema.maximum, '');
  if (numbers) limits.push(numbers);
  const items = range(schema.minItems, schema.maxItems, 'items');
  if (items) limits.push(items);
  if (schema.pattern) {
    const prefix = prefixOf(schema.pattern);
    limits.push(prefix ? `starts with ${prefix}` : `matches ${schema.pattern}`);
  }
  if (schema.items) {
    for (const limit of limitsOf(schema.items)) limits.push(`each: ${limit}`);
  }
  return limits;
}

/** The rows of a body schema's field table, in the schema's order, as callers send them (input side). */
export function schemaFields(schema: z.ZodType): FieldRow[] {
  return jsonSchemaFields(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
}

/** The same rows from a body's JSON Schema (a model's `requestSchema` in GET /api/provider/models). */
export function jsonSchemaFields(json: JsonSchema): FieldRow[] {
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    type: typeOf(property),
    required: required.has(name),
    defaultValue: property.default === undefined ? null : JSON.stringify(property.default),
    limits: limitsOf(property),
    description: property.description ?? '',
  }));
}
