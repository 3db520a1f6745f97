import { API_KEY_HEADER } from '@conduit/contracts';
import { APIConnectionError, APITimeoutError, errorFromAnswer } from './api-error.ts';
import { isRetryable, retryDelayMs, sleep } from './retry-policy.ts';
import { VERSION } from './version.ts';

export type QueryValue = string | number | boolean | null | undefined;

/** What every call may be given. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Milliseconds for one attempt (the client's `timeout` by default); throws APITimeoutError. */
  timeout?: number;
  /** Retries after the first attempt (the client's `maxRetries` by default, 2). */
  maxRetries?: number;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
}

/** Paid calls: the Idempotency-Key is generated once per call unless given, and sent on every retry. */
export interface PaidCallOptions extends CallOptions {
  idempotencyKey?: string;
  /** `Cancel-After`: not started upstream by then, the task ends aborted and refunded (`90s`, `2m` or seconds). */
  cancelAfter?: string | number;
  /** `Prefer: wait=N` on the endpoints that answer at once: wait up to N (1-60) seconds for the task to settle. */
  waitSeconds?: number;
}

export interface TransportConfig {
  /** Null: no key (the public endpoints only). */
  apiKey: string | null;
  baseUrl: string;
  fetch: typeof fetch;
  timeout: number;
  maxRetries: number;
  defaultHeaders: Record<string, string>;
}

export interface RequestSpec {
  method: string;
  /** Absolute URL, or a path joined to the base URL. */
  url: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** A multipart form instead of a JSON body (uploads); fetch sets its content type. */
  form?: FormData;
  idempotencyKey?: string;
  /** Sends the API key (not for result files, which may live on another host). */
  authenticate?: boolean;
}

/** The answer of one call: the parsed body and the Response it came in (its body already read). */
export interface RawAnswer<T> {
  data: T;
  response: Response;
  requestId: string | undefined;
}

export const USER_AGENT = `conduit-client/${VERSION}`;

function urlOf(config: TransportConfig, spec: RequestSpec): string {
  const url = new URL(/^https?:\/\//.test(spec.url) ? spec.url : `${config.baseUrl}${spec.url}`);
  for (const [name, value] of Object.entries(spec.query ?? {}))
    if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
  return url.toString();
}

const parseBody = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text; // Not JSON (a proxy's error page): the error keeps the text.
  }
};

/**
 * One call with the retry policy (retry-policy.ts): each attempt has its own timeout; the same
 * Idempotency-Key goes with every attempt, so a retried paid call is charged once. `read` turns a
 * successful Response into the answer (JSON by default; downloads keep the stream).
 */
export async function send<T>(
  config: TransportConfig,
  spec: RequestSpec,
  options: CallOptions = {},
  read: (response: Response) => Promise<T> = async (response) => parseBody(await response.text()) as T,
): Promise<RawAnswer<T>> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': USER_AGENT,
    ...config.defaultHeaders,
    ...(spec.authenticate !== false && config.apiKey !== null && { [API_KEY_HEADER]: config.apiKey }),
    ...(spec.body !== undefined && { 'content-type': 'application/json' }),
    ...(spec.idempotencyKey && { 'idempotency-key': spec.idempotencyKey }),
    ...options.headers,
  };
  const url = urlOf(config, spec);
  const timeout = options.timeout ?? config.timeout;
  const maxRetries = options.maxRetries ?? config.maxRetries;
  for (let retry = 0; ; retry++) {
    const attempt = new AbortController();
    const onAbort = () => attempt.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      attempt.abort();
    }, timeout);
    try {
      options.signal?.throwIfAborted();
      const response = await config.fetch(url, {
        method: spec.method,
        headers: { ...headers, ...(retry > 0 && { 'x-conduit-retry-count': String(retry) }) },
        ...(spec.body !== undefined && { body: JSON.stringify(spec.body) }),
        ...(spec.form !== undefined && { body: spec.form }),
        signal: attempt.signal,
      });
      if (response.ok) {
        const data = await read(response);
        return { data, response, requestId: response.headers.get('x-request-id') ?? undefined };
      }
      const body = parseBody(await response.text());
      const retryable = retry < maxRetries && isRetryable(response.status, response.headers, body);
      const wait = retryable ? retryDelayMs(retry, response.headers) : undefined;
      if (wait === undefined) throw errorFromAnswer(response.status, body, response.headers);
      clearTimeout(timer);
      await sleep(wait, options.signal);
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      if (!timedOut && !(error instanceof TypeError) && !isAbort(error)) throw error;
      const failure = timedOut
        ? new APITimeoutError(timeout)
        : new APIConnectionError(undefined, { cause: error });
      if (retry >= maxRetries) throw failure;
      clearTimeout(timer);
      await sleep(retryDelayMs(retry) ?? 0, options.signal);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }
}

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';
