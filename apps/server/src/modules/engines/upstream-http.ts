import { Agent, interceptors, request } from 'undici';
import { UpstreamAnswerLost, UpstreamUnavailable } from './engine.ts';

/**
 * Upstream requests go through undici's `request`, not `fetch`: the same HTTP/1.1 keep-alive
 * connections and redirects followed, without building WHATWG Request, Headers and stream objects
 * for every call (a sync call makes three). Shared with the result downloads.
 */
export const upstreamAgent = new Agent({ keepAliveTimeout: 30_000 }).compose(
  interceptors.redirect({ maxRedirections: 5 }),
);

/** One header's value, as one string. */
export const headerOf = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};

const MAX_RETRY_AFTER_MS = 300_000;

/** Errors of a connection that was never made: the request cannot have reached the upstream. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const codeOf = (error: unknown): unknown => {
  if (!error || typeof error !== 'object') return undefined;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return code ?? (cause && typeof cause === 'object' ? (cause as { code?: unknown }).code : undefined);
};

export type Json = Record<string, unknown>;

export const asRecord = (value: unknown): Json | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;

/** Milliseconds a `Retry-After` header asks for (seconds or a date), capped at 5 minutes. */
export function retryAfterMsOf(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const at = Date.parse(header);
  const waitMs = Number.isFinite(seconds) ? seconds * 1000 : Number.isNaN(at) ? undefined : at - Date.now();
  // A wait past the task's deadline would only turn a retry into a refund.
  return waitMs === undefined ? undefined : Math.round(Math.min(Math.max(0, waitMs), MAX_RETRY_AFTER_MS));
}

export interface UpstreamReply {
  status: number;
  ok: boolean;
  /** The body as a JSON object, when it was one. */
  body: Json | undefined;
  retryAfterMs: number | undefined;
}

/**
 * One JSON request to an upstream with a timeout. Answers whatever status came back; a connection
 * never made is UpstreamUnavailable, a timeout or a connection broken after the send is
 * UpstreamAnswerLost, both naming `label` (never the URL, which may carry ids).
 */
export async function upstreamRequest(
  url: string,
  init: { method: 'GET' | 'POST' | 'PUT'; headers: Record<string, string>; body?: Json },
  timeoutMs: number,
  label: string,
): Promise<UpstreamReply> {
  let response: Awaited<ReturnType<typeof request>>;
  let text: string;
  try {
    response = await request(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...init.headers,
        ...(init.body && { 'content-type': 'application/json' }),
      },
      ...(init.body && { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(timeoutMs),
      dispatcher: upstreamAgent,
    });
    text = await response.body.text();
  } catch (error) {
    const isTimeout = error instanceof Error && error.name === 'TimeoutError';
    if (!isTimeout && NOT_SENT_CODES.has(codeOf(error) as string)) {
      throw new UpstreamUnavailable(`${label} unreachable`);
    }
    // The request may have arrived: the upstream may act on it although we never read its answer.
    throw new UpstreamAnswerLost(`${label} ${isTimeout ? 'timed out' : 'broke off its answer'}`);
  }
  let body: Json | undefined;
  try {
    body = asRecord(JSON.parse(text));
  } catch {
    body = undefined;
  }
  return {
    status: response.statusCode,
    ok: response.statusCode >= 200 && response.statusCode < 300,
    body,
    retryAfterMs: retryAfterMsOf(headerOf(response.headers, 'retry-after')),
  };
}
