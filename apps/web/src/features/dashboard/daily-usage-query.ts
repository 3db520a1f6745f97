import { type AppRouteAnswer, DAILY_USAGE_ROUTE } from '@conduit/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';

export type DailyUsage = AppRouteAnswer<typeof DAILY_USAGE_ROUTE>;

/** The browser's own time zone: the server names days and months in it. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Under the usage history's key, so whatever reloads the history (a settled call) reloads it too. */
export const dailyUsageQuery = (timeZone: string) =>
  queryOptions({
    queryKey: ['usage', 'daily', timeZone],
    staleTime: 0,
    queryFn: ({ signal }) =>
      callRoute(DAILY_USAGE_ROUTE, { query: new URLSearchParams({ tz: timeZone }), signal }),
  });
