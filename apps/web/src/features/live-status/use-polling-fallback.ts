import { LIVE_STATUS_POLL_MS, type TaskEvent } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { hasRunningCalls, loadedCalls, refreshAllTasks, USAGE_QUERY_KEY } from './live-queries.ts';

/**
 * Without an event stream: while a page shows a running call, everything live reloads every few
 * seconds, and a call seen running and then settled is reported to `onSettled` as an event would be.
 */
export function usePollingFallback(isActive: boolean, onSettled: (event: TaskEvent) => void) {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!isActive) return;
    const running = new Set(
      loadedCalls(queryClient)
        .filter((call) => call.status === 'processing')
        .map((call) => call.taskId),
    );
    const unsubscribe = queryClient.getQueryCache().subscribe((change) => {
      if (change.type !== 'updated' || change.query.queryKey[0] !== USAGE_QUERY_KEY[0]) return;
      for (const call of loadedCalls(queryClient)) {
        if (call.status === 'processing') running.add(call.taskId);
        else if (running.delete(call.taskId)) onSettled(call);
      }
    });
    const timer = setInterval(() => {
      if (hasRunningCalls(queryClient)) void refreshAllTasks(queryClient);
    }, LIVE_STATUS_POLL_MS);
    return () => {
      unsubscribe();
      clearInterval(timer);
    };
  }, [isActive, onSettled, queryClient]);
}
