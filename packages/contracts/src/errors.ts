import { z } from 'zod';

/** Machine codes of the error model (DESIGN.md section 6). */
export const ERROR_CODES = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  INSUFFICIENT_CREDITS: 'INSUFFICIENT_CREDITS',
  FORBIDDEN: 'FORBIDDEN',
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

export const ErrorBody = z.looseObject({
  error: z.string(),
  code: z.string(),
  requestId: z.string(),
  /** Present on the public provider API. */
  success: z.literal(false).optional(),
  /** The offending field, for validation errors. */
  field: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The client's fallback text when a response carries no `error` field (spec section 7). */
export const httpErrorMessage = (status: number) => `HTTP error! status: ${status}`;
