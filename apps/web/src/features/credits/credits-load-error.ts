import { PAYMENT_TEXTS } from '@conduit/contracts';
import { ApiError } from '../../lib/api-client.ts';

/** Why the credit information did not load, by the answer's status (docs/product.md, "Other screens"). */
export function creditsLoadErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return PAYMENT_TEXTS.loadUnauthorized;
  if (error instanceof ApiError && error.status === 403) return PAYMENT_TEXTS.loadForbidden;
  return PAYMENT_TEXTS.loadFailed;
}

/** A signed-out or forbidden answer will not change on a retry; anything else might. */
export const isRetryableLoadError = (error: unknown) =>
  !(error instanceof ApiError && (error.status === 401 || error.status === 403));
