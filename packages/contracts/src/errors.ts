import { z } from 'zod';

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

/** The client's fallback text when a response carries no `error` field (docs/product.md, "App API"). */
export const httpErrorMessage = (status: number) => `HTTP error! status: ${status}`;
