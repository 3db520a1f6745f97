import type { FastifyInstance } from 'fastify';
import { ValidationFailed } from './errors.ts';

/** U+0000, or a surrogate half without its other half: text that UTF-8 cannot carry. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this finds.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Control characters and surrogate halves without their other half, for `printableText`. */
const UNPRINTABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this finds.
  /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');
const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Text a caller sent (a field name, a path parameter) made safe to echo in an error message and to
 * store: each control character (NUL included) and each lone surrogate half written as its
 * `\uXXXX` escape, so the answer shows what was sent and PostgreSQL can keep it.
 */
export const printableText = (text: string) => text.replace(UNPRINTABLE, escaped);

/**
 * Text PostgreSQL can store: NUL and lone surrogate halves written as their `\uXXXX` escapes, the
 * rest as it is. Every error answer's message and field go through it (they are also kept in the
 * request log), and so does each text the request log keeps.
 */
export const storableText = (text: string) => text.replace(UNSTORABLE_ALL, escaped);

interface Visit {
  value: unknown;
  key: string;
  parent?: Visit;
}

const pathOf = (visit: Visit, root: string) => {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) keys.unshift(printableText(at.key));
  return [root, ...keys].filter(Boolean).join('.');
};

/**
 * The path of the first string (value or key) in `value` that PostgreSQL could not store, if
 * any. Iterative, and the path is built only for the string found: a megabyte of JSON nests half
 * a million levels deep, which a recursive walk (or a path per level) would not survive.
 */
export function findUnstorableText(value: unknown, root: string): string | undefined {
  const stack: Visit[] = [{ value, key: '' }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return pathOf(visit, root);
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    const entries = Object.entries(current);
    for (const [key] of entries) {
      if (UNSTORABLE.test(key)) return pathOf({ value: key, key, parent: visit }, root);
    }
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, inner] = entries[index] as [string, unknown];
      stack.push({ value: inner, key, parent: visit });
    }
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
