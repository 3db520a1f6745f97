import { httpErrorMessage } from '@conduit/contracts';

/**
 * The errors the client throws, as openai-node and stripe-node shape theirs:
 *
 * ConduitError
 * ├── APIConnectionError        no answer (DNS, refused, reset); retried
 * │   └── APITimeoutError       no answer within the call's timeout; retried
 * ├── APIStatusError            an answer that is not a 2xx (any status)
 * │   ├── BadRequestError           400
 * │   ├── AuthenticationError       401
 * │   ├── InsufficientCreditsError  402 (credits or the key's spend limit)
 * │   ├── PermissionDeniedError     403
 * │   ├── NotFoundError             404
 * │   ├── ConflictError             409
 * │   ├── RateLimitError            429
 * │   └── UpstreamError             5xx
 * └── TaskWaitTimeout           waitForTask's deadline passed; the task keeps running
 */
export class ConduitError extends Error {
  override name = 'ConduitError';
}

/** The request got no answer: the network, DNS, a refused or reset connection. */
export class APIConnectionError extends ConduitError {
  override name = 'APIConnectionError';
  constructor(message = 'Connection error: Conduit could not be reached', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** No answer within the call's timeout (the `timeout` option). */
export class APITimeoutError extends APIConnectionError {
  override name = 'APITimeoutError';
  constructor(timeoutMs: number) {
    super(`Request timed out after ${timeoutMs} ms`);
  }
}

type Fields = Record<string, unknown>;

/** Any answer of the API that is not a success, with everything its body and headers say. */
export class APIStatusError extends ConduitError {
  override name = 'APIStatusError';
  readonly status: number;
  /** The machine code (`INSUFFICIENT_CREDITS`, `RATE_LIMITED`, ...), or `HTTP_ERROR` for a body that is not ours. */
  readonly code: string;
  /** Quote it to support (the body's requestId, else the X-Request-Id header). */
  readonly requestId: string | undefined;
  readonly headers: Headers;
  /** The parsed body as the API sent it (a string when it was not JSON). */
  readonly body: unknown;
  /** 400: the offending field. */
  readonly field: string | undefined;
  /** 402 INSUFFICIENT_CREDITS: the cost of the call and the balance. */
  readonly required: number | undefined;
  readonly available: number | undefined;
  /** 402 KEY_SPEND_LIMIT: the key's budget, what it spent, its period and when that resets (ISO). */
  readonly limit: number | undefined;
  readonly spent: number | undefined;
  readonly period: string | undefined;
  readonly resetsAt: string | null | undefined;
  /** 429 (and some 409/503): seconds to wait, from the Retry-After header or the body. */
  readonly retryAfter: number | undefined;
  /** 502 UPSTREAM_FAILED: the failed task and the credits given back. */
  readonly taskId: string | undefined;
  readonly creditsRefunded: number | undefined;

  constructor(status: number, body: unknown, headers: Headers) {
    const top = (typeof body === 'object' && body !== null ? body : {}) as Fields;
    // Extra fields are read at the top level or under `details`, wherever the server puts them.
    const nested = (typeof top.details === 'object' && top.details !== null ? top.details : {}) as Fields;
    const value = (key: string) => top[key] ?? nested[key];
    const text = (key: string) => (typeof value(key) === 'string' ? (value(key) as string) : undefined);
    const count = (key: string) => (typeof value(key) === 'number' ? (value(key) as number) : undefined);
    super(text('error') ?? httpErrorMessage(status));
    this.status = status;
    this.code = text('code') ?? 'HTTP_ERROR';
    this.requestId = text('requestId') ?? headers.get('x-request-id') ?? undefined;
    this.headers = headers;
    this.body = body;
    this.field = text('field');
    this.required = count('required');
    this.available = count('available');
    this.limit = count('limit');
    this.spent = count('spent');
    this.period = text('period');
    this.resetsAt = value('resetsAt') === null ? null : text('resetsAt');
    this.retryAfter = retryAfterSeconds(headers) ?? count('retryAfter');
    this.taskId = text('taskId');
    this.creditsRefunded = count('creditsRefunded');
  }
}

export class BadRequestError extends APIStatusError {
  override name = 'BadRequestError';
}
export class AuthenticationError extends APIStatusError {
  override name = 'AuthenticationError';
}
export class InsufficientCreditsError extends APIStatusError {
  override name = 'InsufficientCreditsError';
}
export class PermissionDeniedError extends APIStatusError {
  override name = 'PermissionDeniedError';
}
export class NotFoundError extends APIStatusError {
  override name = 'NotFoundError';
}
export class ConflictError extends APIStatusError {
  override name = 'ConflictError';
}
export class RateLimitError extends APIStatusError {
  override name = 'RateLimitError';
}
export class UpstreamError extends APIStatusError {
  override name = 'UpstreamError';
}

const BY_STATUS: Record<number, typeof APIStatusError> = {
  400: BadRequestError,
  401: AuthenticationError,
  402: InsufficientCreditsError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  429: RateLimitError,
};

/** The most specific error class for an answer's status. */
export function errorFromAnswer(status: number, body: unknown, headers: Headers): APIStatusError {
  const ErrorClass = BY_STATUS[status] ?? (status >= 500 ? UpstreamError : APIStatusError);
  return new ErrorClass(status, body, headers);
}

/** Retry-After as seconds: a number of seconds or an HTTP date (RFC 9110 10.2.3). */
export function retryAfterSeconds(headers: Headers): number | undefined {
  const header = headers.get('retry-after');
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds : undefined;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

/** @deprecated The former name of APIStatusError, kept so existing `instanceof` checks still work. */
export const ConduitApiError = APIStatusError;
export type ConduitApiError = APIStatusError;

/** waitForTask's deadline passed while the task was still processing; it keeps running: read it later. */
export class TaskWaitTimeout extends ConduitError {
  override name = 'TaskWaitTimeout';
  /** The last status read: still processing. */
  readonly answer: { data: { taskId: string; status: string } };

  constructor(answer: { data: { taskId: string; status: string } }) {
    super(`Task ${answer.data.taskId} is still processing after the wait; check it later`);
    this.answer = answer;
  }
}
