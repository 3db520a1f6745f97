import type { AppRoute, AppRouteAnswer } from '@conduit/contracts';
import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { callRoute } from './api-client.ts';

/**
 * A list read page by page on the server's keyset cursor: `limit` rows a request (with `search`
 * beside it), each next page from the last page's `nextCursor`; stale at once, so every visit asks
 * again (the cached rows show meanwhile). `refetchOnMount: 'always'` also reloads on a tab switch.
 */
export function cursorPagesQuery<Route extends AppRoute>(
  route: Route,
  options: { queryKey: QueryKey; limit: number; search?: Record<string, string>; refetchOnMount?: 'always' },
) {
  /** A page of the answer: every paged route's answer carries its `nextCursor`. */
  type Page = AppRouteAnswer<Route> & { nextCursor: string | null };
  const { queryKey, limit, search = {}, refetchOnMount } = options;
  return infiniteQueryOptions({
    queryKey,
    staleTime: 0,
    ...(refetchOnMount && { refetchOnMount }),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }): Promise<Page> => {
      const query = new URLSearchParams({ limit: String(limit), ...search });
      if (pageParam) query.set('cursor', pageParam);
      return callRoute(route, { query, signal }) as Promise<Page>;
    },
    getNextPageParam: (lastPage: AppRouteAnswer<Route> & { nextCursor: string | null }) =>
      lastPage.nextCursor,
  });
}
