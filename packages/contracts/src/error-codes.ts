// Plain values, so the docs' error table reads them without loading zod (the ErrorBody schema is in errors.ts).

/** Machine codes of the error model (docs/product.md, "Error answers"). */
export const ERROR_CODES = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  INSUFFICIENT_CREDITS: 'INSUFFICIENT_CREDITS',
  FORBIDDEN: 'FORBIDDEN',
  /** The API key's permissions exclude the service it called. */
  KEY_SCOPE: 'KEY_SCOPE',
  /** The call comes from an address outside the API key's IP allow-list. */
  KEY_IP_NOT_ALLOWED: 'KEY_IP_NOT_ALLOWED',
  /** The API key is past its expiry. */
  KEY_EXPIRED: 'KEY_EXPIRED',
  /** The API key spent its budget for the period; `details` says the limit, the spent amount and the reset. */
  KEY_SPEND_LIMIT: 'KEY_SPEND_LIMIT',
  /** The call costs more than the `maxCredits` it was sent with; nothing was charged. */
  PRICE_ABOVE_MAX: 'PRICE_ABOVE_MAX',
  /** The admin area needs two-factor authentication on the account first. */
  TWO_FACTOR_REQUIRED: 'TWO_FACTOR_REQUIRED',
  /** An admin's model price under its upstream cost plus the margin floor; `acceptBelowCost: true` saves it. */
  PRICE_BELOW_COST: 'PRICE_BELOW_COST',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** A byte range of a result file outside the file (`Content-Range: bytes *\/size` says its size). */
  RANGE_NOT_SATISFIABLE: 'RANGE_NOT_SATISFIABLE',
  /** A result file past its retention period (docs/product.md, "Result retention"): deleted for good. */
  RESULT_EXPIRED: 'RESULT_EXPIRED',
  RATE_LIMITED: 'RATE_LIMITED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** The upstream model or scraper failed the work; the credits were refunded. */
  UPSTREAM_FAILED: 'UPSTREAM_FAILED',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The HTTP status of each code: one table, so a code always answers with the same status. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  KEY_EXPIRED: 401,
  KEY_SPEND_LIMIT: 402,
  PRICE_ABOVE_MAX: 402,
  KEY_SCOPE: 403,
  KEY_IP_NOT_ALLOWED: 403,
  INSUFFICIENT_CREDITS: 402,
  EMAIL_NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  TWO_FACTOR_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRICE_BELOW_COST: 409,
  RESULT_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  RANGE_NOT_SATISFIABLE: 416,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
};
