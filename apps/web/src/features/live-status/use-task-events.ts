import { RESYNC_EVENT_NAME, TASK_EVENT_NAME, TASK_EVENTS_ROUTE, type TaskEvent } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { apiUrl } from '../../lib/api-client.ts';
import { withViewedMode } from '../../lib/test-data-view.ts';
import { CURRENT_USER_QUERY_KEY } from '../auth/session-user.ts';
import { createTaskRefresher, refreshAllTasks } from './live-queries.ts';
import { usePollingFallback } from './use-polling-fallback.ts';
import { useSettledNotices } from './use-settled-notices.ts';

/** After the server refused a stream, the next try waits this long, doubling up to the maximum. */
const RETRY_FIRST_MS = 30_000;
const RETRY_MAX_MS = 5 * 60_000;

/**
 * The signed-in user's task events, for every page of the app: one EventSource per tab on
 * `GET /api/events`. Each event reloads what shows the call (its detail, the usage history, the
 * dashboard, the balance) and announces background calls that finish. A dropped stream
 * reconnects by itself and reloads everything (events may have been missed); a refused one (or a
 * browser without EventSource) falls back to polling while a call is running, and tries again later.
 */
export function useTaskEvents() {
  const queryClient = useQueryClient();
  const announce = useSettledNotices();
  const [isStreaming, setIsStreaming] = useState(() => typeof EventSource !== 'undefined');
  const refresher = useMemo(() => createTaskRefresher(queryClient), [queryClient]);
  useEffect(() => () => refresher.dispose(), [refresher]);

  const onTaskEvent = useCallback(
    (event: TaskEvent) => {
      refresher.refresh(event);
      announce(event);
    },
    [announce, refresher],
  );

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = RETRY_FIRST_MS;
    let hasMissed = false;

    const connect = () => {
      const current = new EventSource(withViewedMode(apiUrl(TASK_EVENTS_ROUTE.path)), {
        withCredentials: true,
      });
      source = current;
      current.addEventListener('open', () => {
        setIsStreaming(true);
        retryMs = RETRY_FIRST_MS;
        if (hasMissed) void refreshAllTasks(queryClient);
        hasMissed = false;
      });
      current.addEventListener(TASK_EVENT_NAME, (message) => {
        onTaskEvent(JSON.parse((message as MessageEvent<string>).data) as TaskEvent);
      });
      current.addEventListener(RESYNC_EVENT_NAME, () => void refreshAllTasks(queryClient));
      current.addEventListener('error', () => {
        hasMissed = true;
        if (current.readyState !== EventSource.CLOSED) return;
        // Refused (signed out elsewhere, too many tabs, or the server is stopping): poll meanwhile,
        // and let the session check send a signed-out tab home.
        setIsStreaming(false);
        void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
        retryTimer = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      });
    };
    connect();
    return () => {
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [onTaskEvent, queryClient]);

  usePollingFallback(!isStreaming, announce);
}

/** Mounted once in the app layout. */
export function LiveStatus() {
  useTaskEvents();
  return null;
}
