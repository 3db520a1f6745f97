import {
  APP_PATHS,
  type ContactSalesBody,
  type ContactSalesResponse,
  WAITLIST_EMAIL_CHECK_ROUTE,
  type WaitlistEmailCheckResponse,
  type WaitlistJoinResponse,
  type WaitlistOkResponse,
  type WaitlistStatusResponse,
  type WaitlistVerifyResponse,
} from '@conduit/contracts';
import { apiClient } from '../../lib/api-client.ts';
import { readServerError } from '../auth/auth-error-text.ts';

/** The waitlist's calls (docs/waitlist.md, "Endpoints"). */
export const waitlistApi = {
  join: (body: Record<string, string>) =>
    apiClient.post<WaitlistJoinResponse>(APP_PATHS.joinWaitlist.path, body),
  checkEmail: (email: string) =>
    apiClient.post<WaitlistEmailCheckResponse>(WAITLIST_EMAIL_CHECK_ROUTE.path, { email }),
  resend: (email: string) => apiClient.post<WaitlistOkResponse>(APP_PATHS.waitlistResend.path, { email }),
  verify: (token: string) => apiClient.post<WaitlistVerifyResponse>(APP_PATHS.waitlistVerify.path, { token }),
  status: (email: string, token: string) =>
    apiClient.get<WaitlistStatusResponse>(
      `${APP_PATHS.waitlistStatus.path}?${new URLSearchParams({ email, token })}`,
    ),
  contactSales: (body: ContactSalesBody) =>
    apiClient.post<ContactSalesResponse>(APP_PATHS.contactSales.path, body),
};

/** The server's message, or the generic text when it sent none (docs/product.md, "Other screens"). */
export const failureText = (error: unknown, fallback: string) => readServerError(error).message ?? fallback;
