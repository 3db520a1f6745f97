import { ConduitApiError, TaskWaitTimeout } from '../api-error.ts';

/** The CLI's exit codes, by the class of what went wrong (the README's table). */
export const EXIT_CODES = {
  ok: 0,
  /** The task ran and failed (its credits were refunded), or something unexpected. */
  failed: 1,
  /** Bad arguments or no API key: nothing was sent. */
  usage: 2,
  /** 401 or 403: the key is missing, revoked, expired, not allowed here or lacks the permission. */
  unauthorized: 3,
  /** 402: not enough credits, or the key's spend limit is reached. */
  payment: 4,
  /** 429: the rate limit is used up; Retry-After says when to try again. */
  rateLimited: 5,
  /** Another 4xx: the request was refused (invalid field, unknown task, idempotency conflict...). */
  refused: 6,
  /** 5xx or no answer: the server, the upstream or the network failed; retry later. */
  unavailable: 7,
  /** --wait gave up while the task was still processing: check it later with `conduit task`. */
  stillProcessing: 8,
} as const;

export function exitCodeOf(error: unknown): number {
  if (error instanceof TaskWaitTimeout) return EXIT_CODES.stillProcessing;
  if (!(error instanceof ConduitApiError))
    return error instanceof TypeError ? EXIT_CODES.unavailable : EXIT_CODES.failed;
  if (error.status === 401 || error.status === 403) return EXIT_CODES.unauthorized;
  if (error.status === 402) return EXIT_CODES.payment;
  if (error.status === 429) return EXIT_CODES.rateLimited;
  if (error.status >= 400 && error.status < 500) return EXIT_CODES.refused;
  return EXIT_CODES.unavailable;
}

/** One line for stderr: what went wrong and what to do about it. */
export function describeError(error: unknown): string {
  if (error instanceof TaskWaitTimeout) return `${error.message}: conduit task ${error.answer.data.taskId}`;
  if (!(error instanceof ConduitApiError)) {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error instanceof Error ? error.message : String(error)}${cause}`;
  }
  const parts = [`${error.code} (${error.status}): ${error.message}`];
  if (error.required !== undefined) parts.push(`needs ${error.required} credits, has ${error.available}`);
  if (error.retryAfter !== undefined) parts.push(`retry after ${Math.ceil(error.retryAfter)} s`);
  if (error.requestId) parts.push(`request ${error.requestId}`);
  return parts.join('; ');
}
