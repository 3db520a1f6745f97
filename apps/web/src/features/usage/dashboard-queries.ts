import { USAGE_ROUTES } from '@conduit/contracts';
import { cursorPagesQuery } from '../../lib/cursor-pages.ts';
import { routeQuery } from '../../lib/route-query.ts';

export const DASHBOARD_QUERY_KEY = ['dashboard'] as const;
export const USAGE_PAGE_SIZE = 10;

/** Calls are made outside the app, so every visit asks again (the cached figures show meanwhile). */
export const dashboardQuery = routeQuery(USAGE_ROUTES.dashboard, {
  queryKey: DASHBOARD_QUERY_KEY,
  staleTime: 0,
});

/** The usage history, newest first, a page at a time on the server's keyset cursor. */
export const usageQuery = cursorPagesQuery(USAGE_ROUTES.history, {
  queryKey: ['usage'],
  limit: USAGE_PAGE_SIZE,
});

export const USAGE_EXPORT_PATH = USAGE_ROUTES.csv.path;
