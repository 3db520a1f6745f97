import type { TaskEvent, UsageResponse } from '@conduit/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { CREDITS_QUERY_KEY } from '../credits/credits-api.ts';
import { DASHBOARD_QUERY_KEY } from '../dashboard/dashboard-queries.ts';

/** A call's own detail (the call page keeps its data under `['calls', taskId]`). */
export const CALLS_QUERY_KEY = ['calls'] as const;
/** The usage history and everything counted from it (the daily chart lives under it too). */
export const USAGE_QUERY_KEY = ['usage'] as const;

/** What a task's new status changes: the call itself, the balance and every usage figure. */
const keysOfTask = (taskId: string) => [
  [...CALLS_QUERY_KEY, taskId],
  DASHBOARD_QUERY_KEY,
  USAGE_QUERY_KEY,
  CREDITS_QUERY_KEY,
];

export async function refreshTask(queryClient: QueryClient, event: Pick<TaskEvent, 'taskId'>) {
  await Promise.all(keysOfTask(event.taskId).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** After events may have been missed (a dropped stream): every live figure loads again. */
export async function refreshAllTasks(queryClient: QueryClient) {
  await Promise.all(
    [CALLS_QUERY_KEY, DASHBOARD_QUERY_KEY, USAGE_QUERY_KEY, CREDITS_QUERY_KEY].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

type UsagePages = InfiniteData<UsageResponse, string | null>;

/** The calls the loaded usage history shows, with their status. */
export function loadedCalls(queryClient: QueryClient): TaskEvent[] {
  const pages = queryClient.getQueryData<UsagePages>(USAGE_QUERY_KEY)?.pages ?? [];
  return pages.flatMap((page) =>
    page.items.map((item) => ({ taskId: item.taskId, service: item.service, status: item.status })),
  );
}

/** True while any call a page shows is still running (the history, or an open call's detail). */
export function hasRunningCalls(queryClient: QueryClient): boolean {
  if (loadedCalls(queryClient).some((call) => call.status === 'processing')) return true;
  return queryClient
    .getQueriesData<{ status?: unknown }>({ queryKey: CALLS_QUERY_KEY })
    .some(([, data]) => data?.status === 'processing');
}
