import { APIConnectionError, APIStatusError, TaskWaitTimeout } from '../api-error.ts';

/**
 * The CLI's exit codes: one per class of outcome, the same for every command (the README's table).
 * A task that failed (its credits refunded) exits `taskFailed` whether a sync call answered 502 or
 * an async task was read as failed.
 */
export const EXIT_CODES = {
  ok: 0,
  /** Something unexpected (a bug): the message says what. */
  unexpected: 1,
  /** Bad arguments, an unknown command, or no API key: nothing was sent. */
  usage: 2,
  /** 401 or 403: the key is missing, revoked, expired, not allowed here or lacks the permission. */
  unauthorized: 3,
  /** 402: not enough credits, or the key's spend limit is reached. */
  payment: 4,
  /** 429: the rate limit is used up (after the retries); Retry-After says when to try again. */
  rateLimited: 5,
  /** Another 4xx: the request was refused (invalid field, unknown task, idempotency conflict...). */
  refused: 6,
  /** 5xx or no answer (after the retries): the server or the network failed; try again later. */
  unavailable: 7,
  /** --wait gave up while the task was still processing: check it later with `conduit task`. */
  stillProcessing: 8,
  /** The task ran and failed; its credits were refunded. */
  taskFailed: 9,
} as const;

export function exitCodeOf(error: unknown): number {
  if (error instanceof TaskWaitTimeout) return EXIT_CODES.stillProcessing;
  if (error instanceof APIConnectionError) return EXIT_CODES.unavailable;
  if (!(error instanceof APIStatusError)) return EXIT_CODES.unexpected;
  if (error.status === 401 || error.status === 403) return EXIT_CODES.unauthorized;
  if (error.status === 402) return EXIT_CODES.payment;
  if (error.status === 429) return EXIT_CODES.rateLimited;
  if (error.status >= 400 && error.status < 500) return EXIT_CODES.refused;
  // A sync call whose task failed answers 502 naming the task: the task failed, not the server.
  if (error.taskId !== undefined) return EXIT_CODES.taskFailed;
  return EXIT_CODES.unavailable;
}

/** One line for stderr: what went wrong and what to do about it. */
export function describeError(error: unknown): string {
  if (error instanceof TaskWaitTimeout) return `${error.message}: conduit task ${error.answer.data.taskId}`;
  if (!(error instanceof APIStatusError)) {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error instanceof Error ? error.message : String(error)}${cause}`;
  }
  const parts = [`${error.code} (${error.status}): ${error.message}`];
  if (error.required !== undefined) parts.push(`needs ${error.required} credits, has ${error.available}`);
  if (error.resetsAt) parts.push(`the spend limit resets at ${error.resetsAt}`);
  if (error.creditsRefunded !== undefined) parts.push(`${error.creditsRefunded} credit(s) refunded`);
  if (error.retryAfter !== undefined) parts.push(`retry after ${Math.ceil(error.retryAfter)} s`);
  if (error.requestId) parts.push(`request ${error.requestId}`);
  return parts.join('; ');
}

/** The table `conduit help` prints. */
export const EXIT_CODE_HELP = `Exit codes (the same for every command):
  0 ok                 1 unexpected error        2 usage or no API key
  3 key refused (401/403)  4 credits or spend limit (402)  5 rate limited (429)
  6 request refused (other 4xx)  7 server or network (5xx, no answer)
  8 still processing (--wait gave up)  9 the task failed (credits refunded)`;
