import { type AutoTopUpBody, appPath, BILLING_ROUTES, type BillingDetailsInput } from '@conduit/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';
import { routeQuery } from '../../lib/route-query.ts';

export const BILLING_DETAILS_QUERY_KEY = ['billing-details'] as const;
export const AUTO_TOP_UP_QUERY_KEY = ['auto-top-up'] as const;

export const billingDetailsQuery = routeQuery(BILLING_ROUTES.details, {
  queryKey: BILLING_DETAILS_QUERY_KEY,
});

/** The last top-up moves with the worker's scans: each visit asks again. */
export const autoTopUpQuery = routeQuery(BILLING_ROUTES.autoTopUp, {
  queryKey: AUTO_TOP_UP_QUERY_KEY,
  staleTime: 0,
});

export const receiptQuery = (paymentId: string) =>
  queryOptions({
    queryKey: ['receipt', paymentId],
    queryFn: ({ signal }) =>
      callRoute(BILLING_ROUTES.receipt, { path: appPath('receipt', { paymentId }), signal }),
  });

export const billingApi = {
  saveDetails: (body: BillingDetailsInput) => callRoute(BILLING_ROUTES.saveDetails, { body }),
  saveAutoTopUp: (body: AutoTopUpBody) => callRoute(BILLING_ROUTES.saveAutoTopUp, { body }),
  removeCard: () => callRoute(BILLING_ROUTES.removeSavedCard),
};

/** The receipt's PDF: a plain link the browser downloads (the session cookie goes with it). */
export const receiptPdfUrl = (paymentId: string) => appPath('receiptPdf', { paymentId });

/** The Credits page's address that ticks "Save this card" in the pack picker (Replace card). */
export const SAVE_CARD_PARAM = 'saveCard';
/** The pack picker's id: Replace card scrolls to it. */
export const BUY_CREDITS_ID = 'buy-credits';
