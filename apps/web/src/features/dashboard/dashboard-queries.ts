import { USAGE_ROUTES } from '@conduit/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';
import { cursorPagesQuery } from '../../lib/cursor-pages.ts';

export const DASHBOARD_QUERY_KEY = ['dashboard'] as const;
export const USAGE_PAGE_SIZE = 10;

/** Calls are made outside the app, so every visit asks again (the cached figures show meanwhile). */
export const dashboardQuery = queryOptions({
  queryKey: DASHBOARD_QUERY_KEY,
  staleTime: 0,
  queryFn: ({ signal }) => callRoute(USAGE_ROUTES.dashboard, { signal }),
});

/** The usage history, newest first, a page at a time on the server's keyset cursor. */
export const usageQuery = cursorPagesQuery(USAGE_ROUTES.history, {
  queryKey: ['usage'],
  limit: USAGE_PAGE_SIZE,
});

export const USAGE_EXPORT_PATH = USAGE_ROUTES.csv.path;
