import type { z } from 'zod';
import type { FormField } from './form-fields.ts';

export type FieldValue = string | boolean | string[];
export type FormValues = Record<string, FieldValue>;
export type FieldErrors = Record<string, string>;

function initialOf(field: FormField, given: unknown): FieldValue {
  const value = given ?? field.defaultValue;
  if (field.kind === 'checkbox') return value === true;
  if (field.kind === 'list' || field.kind === 'choices') return Array.isArray(value) ? value.map(String) : [];
  if (field.kind === 'pairs') return pairsText(value);
  return value === undefined || value === null ? '' : String(value);
}

/** The form's starting values: what `prefill` gives, else the field's default, else empty. */
export function initialValues(fields: FormField[], prefill: Record<string, unknown> = {}): FormValues {
  return Object.fromEntries(fields.map((field) => [field.name, initialOf(field, prefill[field.name])]));
}

/**
 * The form's values for another schema's fields (the model changed, or a body was handed over):
 * each field keeps the body's value when the schema accepts it there, else starts from its default.
 */
export function validValues(
  fields: FormField[],
  schema: z.ZodObject,
  body: Record<string, unknown>,
): FormValues {
  return Object.fromEntries(
    fields.map((field) => {
      const given = body[field.name];
      const isValid = given !== undefined && schema.shape[field.name]?.safeParse(given).success === true;
      return [field.name, initialOf(field, isValid ? given : undefined)];
    }),
  );
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** An object of strings as the `key=value` lines a `pairs` field shows. */
const pairsText = (value: unknown) =>
  value && typeof value === 'object'
    ? Object.entries(value)
        .map(([key, entry]) => `${key}=${String(entry)}`)
        .join('\n')
    : '';

/** A `pairs` field's lines as the object they stand for: `key=value` each, blank lines skipped. */
export function pairsOf(text: string): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const at = line.indexOf('=');
    // A line without "=" is a key with an empty value: the schema then says what is wrong.
    pairs[(at < 0 ? line : line.slice(0, at)).trim()] = at < 0 ? '' : line.slice(at + 1).trim();
  }
  return pairs;
}

/**
 * The JSON body the form stands for, as a developer would write it: empty optional fields are
 * left out, numbers are numbers; a number field holding other text is sent as text, so the
 * schema names it.
 */
export function bodyOf(fields: FormField[], values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (typeof value === 'boolean') body[field.name] = value;
    else if (Array.isArray(value)) {
      const entries = value.map((entry) => entry.trim()).filter(Boolean);
      if (entries.length > 0) body[field.name] = entries;
    } else if (field.kind === 'pairs') {
      if (value?.trim()) body[field.name] = pairsOf(value);
    } else if (value !== undefined && (value.trim() !== '' || field.required)) {
      const text = field.isNumeric ? value.trim() : value;
      body[field.name] = field.isNumeric && NUMBER.test(text) ? Number(text) : text;
    }
  }
  return body;
}

/** The body checked with the schema the API validates it with: the first problem of each field. */
export function fieldErrorsOf(schema: z.ZodType, body: Record<string, unknown>): FieldErrors {
  const parsed = schema.safeParse(body);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const [name, index] = issue.path;
    if (typeof name !== 'string' || errors[name]) continue;
    errors[name] = typeof index === 'number' ? `URL ${index + 1}: ${issue.message}` : issue.message;
  }
  return errors;
}
