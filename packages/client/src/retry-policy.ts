import { retryAfterSeconds } from './api-error.ts';

/** Retries after the first attempt, by default (openai-node and stripe-node both use 2). */
export const DEFAULT_MAX_RETRIES = 2;
/** A Retry-After longer than this is not waited for: the error is thrown at once with `retryAfter`. */
export const MAX_RETRY_AFTER_S = 60;
const INITIAL_DELAY_S = 0.5;
const MAX_DELAY_S = 8;

/**
 * Whether an answer is worth another attempt: 408, 429 and 5xx, and a 409 only when the server
 * says so (Retry-After or `X-Should-Retry: true`, what "the same request is still in progress"
 * carries; an Idempotency-Key reused with another body carries neither and is final). A 5xx that
 * names a failed task (502 UPSTREAM_FAILED with taskId) is final too: the work ran, failed and
 * was refunded, and the same Idempotency-Key would only replay that failure.
 */
export function isRetryable(status: number, headers: Headers, body: unknown): boolean {
  const should = headers.get('x-should-retry');
  if (should === 'true') return true;
  if (should === 'false') return false;
  if (status === 408 || status === 429) return true;
  if (status === 409) return headers.has('retry-after');
  if (status < 500) return false;
  const taskId = typeof body === 'object' && body !== null && 'taskId' in body;
  return !taskId;
}

/**
 * Milliseconds to wait before retry number `retry` (0-based): the server's Retry-After (or
 * retry-after-ms) when it gives one, else exponential back-off with jitter (0.5 s, 1 s, 2 s ... 8 s).
 * Undefined when the server asks for longer than MAX_RETRY_AFTER_S: not worth blocking on.
 */
export function retryDelayMs(retry: number, headers?: Headers): number | undefined {
  const afterMs = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  const afterS =
    Number.isFinite(afterMs) && afterMs >= 0 ? afterMs / 1000 : headers && retryAfterSeconds(headers);
  if (afterS !== undefined) return afterS <= MAX_RETRY_AFTER_S ? afterS * 1000 : undefined;
  const base = Math.min(INITIAL_DELAY_S * 2 ** retry, MAX_DELAY_S);
  return base * (1 - Math.random() * 0.25) * 1000;
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
