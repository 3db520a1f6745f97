import type { z } from 'zod';
import { ValidationFailed } from '../../platform/errors.ts';

/**
 * Validates a JSON body with a contract schema and answers 400 with the schema's own message
 * (the exact texts of docs/product.md), not the generic "field: message" of route validation. A missing
 * or null text field counts as empty, so it gets the same text as a blank one.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown, textFields: string[]): z.infer<T> {
  const input: Record<string, unknown> =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body } : {};
  for (const field of textFields) input[field] ??= '';
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new ValidationFailed('Invalid request body');
  const field =
    issue.code === 'unrecognized_keys' ? issue.keys[0] : issue.path.map(String).join('.') || undefined;
  throw new ValidationFailed(issue.code === 'invalid_type' ? `${field} must be text` : issue.message, field);
}
