import { type ContactSalesBody, WAITLIST_API_ROUTES as ROUTES } from '@conduit/contracts';
import { callRoute } from '../../lib/api-client.ts';
import { readServerError } from '../../lib/server-error.ts';

/** The waitlist's calls (docs/waitlist.md, "Endpoints"). */
export const waitlistApi = {
  join: (body: Record<string, string>) => callRoute(ROUTES.join, { body }),
  checkEmail: (email: string) => callRoute(ROUTES.checkEmail, { body: { email } }),
  resend: (email: string) => callRoute(ROUTES.resend, { body: { email } }),
  verify: (token: string) => callRoute(ROUTES.verify, { body: { token } }),
  status: (email: string, token: string) =>
    callRoute(ROUTES.status, { query: new URLSearchParams({ email, token }) }),
  contactSales: (body: ContactSalesBody) => callRoute(ROUTES.contactSales, { body }),
};

/** The server's message, or the generic text when it sent none (docs/product.md, "Other screens"). */
export const failureText = (error: unknown, fallback: string) => readServerError(error).message ?? fallback;
