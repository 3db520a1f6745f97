import { z } from 'zod';
import { schemaFields } from '../docs/schema-fields.ts';

/**
 * `list`: entries typed one by one (URLs); `choices`: a list of enum values, ticked (webhookEvents);
 * `pairs`: an object of strings (metadata), typed as `key=value` lines.
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'url'
  | 'number'
  | 'select'
  | 'checkbox'
  | 'list'
  | 'choices'
  | 'pairs';

/** One input of a playground form, read from the endpoint's zod body (never retyped). */
export interface FormField {
  name: string;
  kind: FieldKind;
  required: boolean;
  /** The choices of an enum field, or of a union of literals (a duration of 5 or 10). */
  options: string[];
  /** The body holds a number (a number field, or a choice among numbers), not the text typed. */
  isNumeric: boolean;
  /** Number bounds, for the input's spinner; a bound zod only implies (the largest integer) is left out. */
  min?: number;
  max?: number;
  /** The most entries a list takes. */
  maxItems?: number;
  defaultValue?: unknown;
  /** The field's description and its limits in words, as the docs' field tables write them. */
  help: string;
}

interface JsonProperty {
  type?: string;
  /** A union of literals: `{const}` each. */
  anyOf?: { type?: string; const?: unknown }[];
  format?: string;
  enum?: unknown[];
  default?: unknown;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  /** An array's entries: an enum makes it a set of choices. */
  items?: { enum?: unknown[] };
}

/** Prompts and long texts (thousands of characters) get a multi-line box; tokens and names a line. */
const TEXTAREA_FROM_LENGTH = 4000;
const PROMPT = /(^|_)prompt$/;
const bound = (value: number | undefined) =>
  value !== undefined && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : undefined;

/** The choices of an enum, or of a union whose every member is one literal; undefined otherwise. */
function choicesOf(property: JsonProperty): unknown[] | undefined {
  if (property.enum) return property.enum;
  const members = property.anyOf;
  if (!members?.length || !members.every((member) => 'const' in member)) return undefined;
  return members.map((member) => member.const);
}

function kindOf(name: string, property: JsonProperty): FieldKind {
  if (property.type === 'array') return property.items?.enum ? 'choices' : 'list';
  if (property.type === 'object') return 'pairs';
  if (choicesOf(property)) return 'select';
  if (property.type === 'boolean') return 'checkbox';
  if (property.type === 'integer' || property.type === 'number') return 'number';
  if (property.format === 'uri') return 'url';
  return PROMPT.test(name) || (property.maxLength ?? 0) >= TEXTAREA_FROM_LENGTH ? 'textarea' : 'text';
}

/** The form of an endpoint's body: one field per property, in the schema's order. */
export function formFieldsOf(schema: z.ZodType): FormField[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, JsonProperty>;
  };
  const rows = new Map(schemaFields(schema).map((row) => [row.name, row]));
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const row = rows.get(name);
    const limits = row?.limits.length ? ` (${row.limits.join('; ')})` : '';
    const kind = kindOf(name, property);
    const choices = kind === 'choices' ? property.items?.enum : choicesOf(property);
    return {
      name,
      kind,
      required: row?.required ?? false,
      options: (choices ?? []).map(String),
      isNumeric:
        kind === 'number' ||
        (kind === 'select' && !!choices && choices.every((choice) => typeof choice === 'number')),
      min: bound(property.minimum),
      max: bound(property.maximum),
      maxItems: property.maxItems,
      defaultValue: property.default,
      help: `${row?.description ?? ''}${limits}`.trim(),
    };
  });
}
