import type { FastifyInstance } from 'fastify';
import { ValidationFailed } from './errors.ts';

/** U+0000, or a surrogate half without its other half: text that UTF-8 cannot carry. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this finds.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first string (value or key) in `value` that PostgreSQL could not store, if any. */
export function findUnstorableText(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const innerPath = path ? `${path}.${key}` : key;
    if (UNSTORABLE.test(key)) return innerPath;
    const found = findUnstorableText(inner, innerPath);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000, and jsonb refuses a lone surrogate escape: such
 * a string reaching a query failed it with a 500 (and, in a paid call, after the key check but
 * inside the debit statement). No legitimate input contains them, so every route parameter,
 * query value and body field is refused with a 400 naming it before any operation runs.
 */
export function registerTextSafety(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    const field =
      findUnstorableText(request.params, '') ??
      findUnstorableText(request.query, '') ??
      findUnstorableText(request.body, '');
    if (field !== undefined) {
      throw new ValidationFailed(
        `${field || 'body'}: must be valid Unicode text without NUL characters`,
        field || 'body',
      );
    }
  });
}
