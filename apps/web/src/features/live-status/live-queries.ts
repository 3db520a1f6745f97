import type { TaskEvent, UsageResponse } from '@conduit/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { CREDITS_QUERY_KEY } from '../credits/credits-api.ts';
import { DASHBOARD_QUERY_KEY } from '../usage/dashboard-queries.ts';

/** A call's own detail (the call page keeps its data under `['calls', taskId]`). */
export const CALLS_QUERY_KEY = ['calls'] as const;
/** The usage history and everything counted from it (the daily chart lives under it too). */
export const USAGE_QUERY_KEY = ['usage'] as const;

/** Every figure a task's new status can change besides the call itself: the balance and the usage. */
const SHARED_KEYS = [DASHBOARD_QUERY_KEY, USAGE_QUERY_KEY, CREDITS_QUERY_KEY];

/** Events that arrive within this window reload what they change once. */
export const REFRESH_BATCH_MS = 250;

/**
 * Reloads what task events change, a batch at a time: an account making hundreds of calls a
 * second sends as many events, and one reload of the lists per batch (never restarting a reload
 * already on its way) keeps an open page from asking the server hundreds of times a second.
 */
export function createTaskRefresher(queryClient: QueryClient) {
  const taskIds = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const keys = [...[...taskIds].map((taskId) => [...CALLS_QUERY_KEY, taskId]), ...SHARED_KEYS];
    taskIds.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
  };
  return {
    refresh(event: Pick<TaskEvent, 'taskId'>) {
      taskIds.add(event.taskId);
      timer ??= setTimeout(flush, REFRESH_BATCH_MS);
    },
    dispose() {
      clearTimeout(timer);
      timer = undefined;
      taskIds.clear();
    },
  };
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
