import { ALERT_ROUTES, appPath, type EventType, WEBHOOK_ROUTES } from '@conduit/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';
import { routeQuery } from '../../lib/route-query.ts';

export const ALERTS_QUERY_KEY = ['alerts'] as const;
export const WEBHOOK_SECRET_QUERY_KEY = ['webhook-secret'] as const;

/** The alerts, balance and burn rate move with every paid call: each visit asks again. */
export const alertsQuery = routeQuery(ALERT_ROUTES.list, { queryKey: ALERTS_QUERY_KEY, staleTime: 0 });

export const webhookSecretQuery = routeQuery(WEBHOOK_ROUTES.secret, { queryKey: WEBHOOK_SECRET_QUERY_KEY });

export const alertsApi = {
  add: (threshold: number) => callRoute(ALERT_ROUTES.add, { body: { threshold } }),
  remove: (id: string) => callRoute(ALERT_ROUTES.remove, { path: appPath('removeBalanceAlert', { id }) }),
  setEndpoint: (webhookUrl: string | null, eventTypes?: EventType[]) =>
    callRoute(WEBHOOK_ROUTES.setEndpoint, { body: { webhookUrl, ...(eventTypes && { eventTypes }) } }),
  testEndpoint: () => callRoute(WEBHOOK_ROUTES.testEndpoint),
  rotateSecret: () => callRoute(WEBHOOK_ROUTES.rotateSecret),
};

export const refreshAlerts = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ALERTS_QUERY_KEY });
