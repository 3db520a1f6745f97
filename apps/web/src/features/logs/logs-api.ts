import { REQUEST_LOG_ROUTES } from '@conduit/contracts';
import { apiUrl } from '../../lib/api-client.ts';
import { cursorPagesQuery } from '../../lib/cursor-pages.ts';
import { withViewedMode } from '../../lib/test-data-view.ts';

export const LOGS_PAGE_SIZE = 25;

/** The Logs page's filters as the URL (and the API) writes them; empty ones are left out. */
export type LogFilters = Record<string, string>;

/** The request log under these filters, newest first, a page at a time. */
export const requestLogQuery = (filters: LogFilters) =>
  cursorPagesQuery(REQUEST_LOG_ROUTES.list, {
    queryKey: ['request-log', filters],
    limit: LOGS_PAGE_SIZE,
    search: filters,
    refetchOnMount: 'always',
  });

/** The CSV export of the same filters, for a plain download link. */
export const requestLogCsvUrl = (filters: LogFilters) => {
  const query = new URLSearchParams(filters).toString();
  // The link cannot send the app's header: the mode viewed goes in its query.
  return withViewedMode(apiUrl(`${REQUEST_LOG_ROUTES.csv.path}${query ? `?${query}` : ''}`));
};
