import { ANNOUNCED_SERVICES, LIVE_STATUS_TEXTS, type TaskEvent } from '@conduit/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { isOwnCancel } from '../../lib/own-cancels.ts';
import { useNotify } from '../notifications/notification-context.ts';

/** Calls that settle within this window share one notification. */
export const NOTICE_BATCH_MS = 400;

/**
 * Announces background calls that finished: "Video ready" (or the failure and its reason) for
 * one, a summary for several at once, so a burst of calls does not bury the page in notices.
 */
export function useSettledNotices() {
  const notifier = useNotify();
  const pending = useRef<TaskEvent[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const seen = useRef(new Set<string>());

  const flush = useCallback(() => {
    const events = pending.current;
    pending.current = [];
    const [only] = events;
    if (!only) return;
    if (events.length === 1) {
      if (only.status === 'failed') {
        notifier.error({
          title: LIVE_STATUS_TEXTS.failed[only.service],
          message: only.error || LIVE_STATUS_TEXTS.failedRefunded,
        });
      } else if (only.status === 'canceled' || only.status === 'aborted') {
        notifier.notify({
          type: 'info',
          title: LIVE_STATUS_TEXTS.stopped[only.status],
          message: LIVE_STATUS_TEXTS.stoppedMessage(only.taskId),
        });
      } else {
        notifier.success({
          title: LIVE_STATUS_TEXTS.ready[only.service],
          message: LIVE_STATUS_TEXTS.readyMessage(only.taskId),
        });
      }
      return;
    }
    const failed = events.filter((event) => event.status !== 'completed').length;
    notifier.notify({
      type: failed > 0 ? 'warning' : 'success',
      title: LIVE_STATUS_TEXTS.manyFinished(events.length),
      message: LIVE_STATUS_TEXTS.manyFinishedMessage(events.length - failed, failed),
    });
  }, [notifier]);

  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback(
    (event: TaskEvent) => {
      if (event.status === 'processing' || !ANNOUNCED_SERVICES.includes(event.service)) return;
      // The stream and the polling fallback may both see one call settle: announce it once.
      if (seen.current.has(event.taskId)) return;
      // A cancel made on this page already said what it did.
      if (event.status === 'canceled' && isOwnCancel(event.taskId)) return;
      seen.current.add(event.taskId);
      pending.current.push(event);
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, NOTICE_BATCH_MS);
    },
    [flush],
  );
}
