import type { AppRoute } from '@conduit/contracts';
import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { callRoute } from './api-client.ts';

/**
 * A catalogue route's GET answer as a query under `queryKey`. `staleTime: 0` for figures that move
 * outside the page, so every visit asks again (the cached answer shows meanwhile);
 * `refetchOnMount: 'always'` also reloads on a tab switch.
 */
export function routeQuery<Route extends AppRoute, Key extends QueryKey>(
  route: Route,
  options: { queryKey: Key; staleTime?: number; refetchOnMount?: 'always' },
) {
  return queryOptions({ ...options, queryFn: ({ signal }) => callRoute(route, { signal }) });
}
