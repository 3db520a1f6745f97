import { callDetailPath, USAGE_ROUTES } from '@conduit/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';

/** Every query about one call starts with this, so a task event can refresh them all at once. */
export const callQueryKey = (taskId: string) => ['calls', taskId] as const;

/** How often a running call is asked about again when nothing tells the page it settled. */
export const CALL_POLL_MS = 3_000;

/** One of the user's calls (GET /api/calls/:taskId); asked again every few seconds while it runs. */
export const callQuery = (taskId: string) =>
  queryOptions({
    queryKey: callQueryKey(taskId),
    queryFn: ({ signal }) => callRoute(USAGE_ROUTES.callDetail, { path: callDetailPath(taskId), signal }),
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? CALL_POLL_MS : false),
  });
