import { ApiError } from './api-client.ts';

/** What a failed call said: the server's `error` text and machine `code`, when it sent them. */
export interface ServerError {
  message?: string;
  code?: string;
  /** The request field a 400 names (`prompt`, `spendLimit.credits`). */
  field?: string;
}

/**
 * Reads anything a call threw into the fields the mappings look at. Only a server's own `error`
 * text counts as a message (plus our timeout notice); "HTTP error! status: N" and network
 * failures leave it empty so the forms fall back to their friendly text.
 */
export function readServerError(error: unknown): ServerError {
  if (!(error instanceof ApiError)) return {};
  if (error.status === 0) return { message: error.message };
  const body =
    typeof error.data === 'object' && error.data !== null ? (error.data as Record<string, unknown>) : {};
  return {
    message: typeof body.error === 'string' && body.error.length > 0 ? body.error : undefined,
    code: typeof body.code === 'string' ? body.code : undefined,
    field: typeof body.field === 'string' ? body.field : undefined,
  };
}

/**
 * Settings and other forms: the server's own text, else the form's fallback
 * (docs/product.md, "Other screens").
 */
export const serverTextOr = (error: unknown, fallback: string) => readServerError(error).message ?? fallback;
