import { httpErrorMessage } from '@conduit/contracts';

/** Any answer of the API that is not a success, with everything its body and headers say. */
export class ConduitApiError extends Error {
  readonly status: number;
  /** The machine code (`INSUFFICIENT_CREDITS`, `RATE_LIMITED`, ...), or `HTTP_ERROR` for a body that is not ours. */
  readonly code: string;
  readonly requestId?: string;
  /** 400: the offending field. */
  readonly field?: string;
  /** 402: the cost of the call and the balance. */
  readonly required?: number;
  readonly available?: number;
  /** 429: seconds to wait, from the Retry-After header. */
  readonly retryAfter?: number;
  /** The parsed body as the API sent it. */
  readonly body: unknown;

  constructor(status: number, body: unknown, headers: Headers) {
    const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const text = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string) : undefined);
    const count = (key: string) => (typeof fields[key] === 'number' ? (fields[key] as number) : undefined);
    super(text('error') ?? httpErrorMessage(status));
    this.name = 'ConduitApiError';
    this.status = status;
    this.code = text('code') ?? 'HTTP_ERROR';
    this.requestId = text('requestId') ?? headers.get('x-request-id') ?? undefined;
    this.field = text('field');
    this.required = count('required');
    this.available = count('available');
    const retryAfter = Number(headers.get('retry-after') ?? count('retryAfter'));
    this.retryAfter = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
    this.body = body;
  }
}

/** waitForTask's deadline passed while the task was still processing; it keeps running: read it later. */
export class TaskWaitTimeout extends Error {
  /** The last status read: still processing. */
  readonly answer: { data: { taskId: string; status: string } };

  constructor(answer: { data: { taskId: string; status: string } }) {
    super(`Task ${answer.data.taskId} is still processing after the wait; check it later`);
    this.name = 'TaskWaitTimeout';
    this.answer = answer;
  }
}
