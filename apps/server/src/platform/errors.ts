import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from '@conduit/contracts';

/** A domain error: operations throw these; one mapper turns them into HTTP answers. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly field?: string;
  readonly details?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    extra: { field?: string; details?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = new.target.name;
    this.status = ERROR_STATUS[code];
    this.code = code;
    this.field = extra.field;
    this.details = extra.details;
    this.headers = extra.headers;
  }
}

export class BadRequest extends AppError {
  constructor(message: string, field?: string, code: ErrorCode = ERROR_CODES.BAD_REQUEST) {
    super(code, message, { field });
  }
}

export class ValidationFailed extends AppError {
  constructor(message: string, field?: string) {
    super(ERROR_CODES.VALIDATION_FAILED, message, { field });
  }
}

export class Unauthorized extends AppError {
  constructor(message = 'Authentication required', code: ErrorCode = ERROR_CODES.UNAUTHORIZED) {
    super(code, message);
  }
}

export class InsufficientCredits extends AppError {
  constructor(required: number, available: number) {
    super(
      ERROR_CODES.INSUFFICIENT_CREDITS,
      `Insufficient credits: ${required} required, ${available} available`,
      {
        details: { required, available },
      },
    );
  }
}

export class Forbidden extends AppError {
  constructor(message = 'You do not have permission to do this', code: ErrorCode = ERROR_CODES.FORBIDDEN) {
    super(code, message);
  }
}

export class NotFound extends AppError {
  constructor(message = 'Not found') {
    super(ERROR_CODES.NOT_FOUND, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string) {
    super(ERROR_CODES.CONFLICT, message);
  }
}

export class PayloadTooLarge extends AppError {
  constructor(message = 'Request body is too large') {
    super(ERROR_CODES.PAYLOAD_TOO_LARGE, message);
  }
}

/** A byte range outside the file (or not a byte range at all): the answer names the file's size. */
export class RangeNotSatisfiable extends AppError {
  constructor(size: number) {
    super(ERROR_CODES.RANGE_NOT_SATISFIABLE, 'The requested range is not satisfiable', {
      headers: { 'content-range': `bytes */${size}` },
    });
  }
}

/** A result file whose retention period is over: gone for good, unlike a file never there (404). */
export class ResultExpired extends AppError {
  constructor(expiredAt: Date, retentionDays: number) {
    super(
      ERROR_CODES.RESULT_EXPIRED,
      `This result is no longer available: it expired on ${expiredAt.toISOString()}. Results are kept ${retentionDays} days after their call completes.`,
    );
  }
}

export class RateLimited extends AppError {
  constructor(retryAfterS: number, message = 'Too many requests, please slow down') {
    super(ERROR_CODES.RATE_LIMITED, message, {
      details: { retryAfter: retryAfterS },
      headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterS))) },
    });
  }
}

export class ServiceUnavailable extends AppError {
  constructor(message = 'Service temporarily unavailable') {
    super(ERROR_CODES.SERVICE_UNAVAILABLE, message);
  }
}

/** The paid work failed upstream after it was charged; the answer says what was refunded. */
export class UpstreamFailed extends AppError {
  constructor(message: string, details: Record<string, unknown>) {
    super(ERROR_CODES.UPSTREAM_FAILED, message, { details });
  }
}
