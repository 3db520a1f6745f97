import { appPath, type DeliveriesQuery, WEBHOOK_ROUTES } from '@conduit/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';
import { cursorPagesQuery } from '../../lib/cursor-pages.ts';

export const DELIVERIES_QUERY_KEY = ['webhook-deliveries'] as const;
const PAGE_SIZE = 25;

/** The filters of the Webhooks page, as they sit in its URL. */
export type DeliveryFilters = Partial<Pick<DeliveriesQuery, 'status' | 'eventType' | 'from' | 'to'>>;

/** The delivery log, newest first, with the page's filters; every visit asks again. */
export const deliveriesQuery = (filters: DeliveryFilters) => {
  const search = Object.fromEntries(Object.entries(filters).filter(([, value]) => Boolean(value))) as Record<
    string,
    string
  >;
  return cursorPagesQuery(WEBHOOK_ROUTES.deliveries, {
    queryKey: [...DELIVERIES_QUERY_KEY, 'list', search],
    limit: PAGE_SIZE,
    search,
  });
};

/** One delivery with its body and attempts. */
export const deliveryQuery = (id: string) =>
  queryOptions({
    queryKey: [...DELIVERIES_QUERY_KEY, 'one', id],
    staleTime: 0,
    queryFn: ({ signal }) =>
      callRoute(WEBHOOK_ROUTES.delivery, { path: appPath('webhookDelivery', { id }), signal }),
  });

export const resendDelivery = (id: string) =>
  callRoute(WEBHOOK_ROUTES.resend, { path: appPath('resendWebhookDelivery', { id }) });
