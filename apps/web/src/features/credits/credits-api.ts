import { appPath, CREDIT_ROUTES, PAYMENT_ROUTES } from '@conduit/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';
import { routeQuery } from '../../lib/route-query.ts';
import { DASHBOARD_QUERY_KEY } from '../usage/dashboard-queries.ts';
import { AUTO_TOP_UP_QUERY_KEY } from './billing-api.ts';

export const CREDITS_QUERY_KEY = ['credits'] as const;
export const PAYMENTS_QUERY_KEY = ['payments'] as const;

/** Balance and totals move with every paid call made elsewhere: each visit asks again. */
export const creditsQuery = routeQuery(CREDIT_ROUTES.summary, { queryKey: CREDITS_QUERY_KEY, staleTime: 0 });

/** Purchase history, newest first. */
export const paymentsQuery = routeQuery(PAYMENT_ROUTES.list, { queryKey: PAYMENTS_QUERY_KEY, staleTime: 0 });

export const sandboxCheckoutQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['sandbox-checkout', sessionId],
    staleTime: 0,
    queryFn: ({ signal }) =>
      callRoute(PAYMENT_ROUTES.sandboxSession, { path: appPath('sandboxSession', { sessionId }), signal }),
  });

export const paymentsApi = {
  createCheckout: (packageName: string, saveCard = false) =>
    callRoute(PAYMENT_ROUTES.checkout, { body: { package: packageName, ...(saveCard && { saveCard }) } }),
  verify: (sessionId: string) => callRoute(PAYMENT_ROUTES.verify, { body: { sessionId } }),
  paySandbox: (sessionId: string, cardNumber?: string) =>
    callRoute(PAYMENT_ROUTES.sandboxPay, {
      path: appPath('sandboxPay', { sessionId }),
      body: cardNumber === undefined ? undefined : { cardNumber },
    }),
  cancelSandbox: (sessionId: string) =>
    callRoute(PAYMENT_ROUTES.sandboxCancel, { path: appPath('sandboxCancel', { sessionId }) }),
};

/**
 * After a verified payment: the balance (on the credits page, the dashboard and the top bar), the
 * totals, the history and the auto top-up section (a card saved with the payment) all change. A
 * first load still
 * on its way was answered before the credit, and invalidating alone would join it rather than ask
 * again (a query without data keeps its running fetch), so those are cancelled first.
 */
export async function refreshCredits(queryClient: QueryClient) {
  const keys = [CREDITS_QUERY_KEY, PAYMENTS_QUERY_KEY, DASHBOARD_QUERY_KEY, AUTO_TOP_UP_QUERY_KEY];
  await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
