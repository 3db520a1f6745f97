import userEvent from '@testing-library/user-event';
import { makeAlerts } from './alert-fixtures.ts';
import { type ApiRoutes, makeUser, mockApi } from './api-mock.ts';
import { makeAutoTopUp, makeCredits } from './credit-fixtures.ts';
import { renderRoute } from './render-route.tsx';

/**
 * /app/credits (or `path`) signed in: 20 credits, no payments, alerts as `makeAlerts`, no billing
 * details and auto top-up off, unless `routes` answer otherwise.
 */
export function openCredits(routes: ApiRoutes = {}, path = '/app/credits') {
  const api = mockApi({
    'GET /api/auth/me': { body: { user: makeUser() } },
    'GET /api/credits': { body: makeCredits() },
    'GET /api/payments': { body: { payments: [] } },
    'GET /api/alerts': { body: makeAlerts() },
    'GET /api/billing/details': { body: { details: null } },
    'GET /api/billing/auto-top-up': { body: makeAutoTopUp() },
    ...routes,
  });
  const user = userEvent.setup();
  const { router } = renderRoute(path);
  return { api, user, router };
}
