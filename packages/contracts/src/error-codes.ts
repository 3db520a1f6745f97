// Plain values, so the docs' error table reads them without loading zod (the ErrorBody schema is in errors.ts).

/** Machine codes of the error model (docs/product.md, "Error answers"). */
export const ERROR_CODES = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  INSUFFICIENT_CREDITS: 'INSUFFICIENT_CREDITS',
  FORBIDDEN: 'FORBIDDEN',
  /** The admin area needs two-factor authentication on the account first. */
  TWO_FACTOR_REQUIRED: 'TWO_FACTOR_REQUIRED',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** The upstream model or scraper failed the work; the credits were refunded. */
  UPSTREAM_FAILED: 'UPSTREAM_FAILED',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
