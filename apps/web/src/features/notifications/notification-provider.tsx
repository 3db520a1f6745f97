import { NOTIFICATION_DEFAULT_DURATION_MS, NOTIFICATION_EXIT_MS } from '@conduit/contracts';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type Notification,
  type NotificationInput,
  type NotifyApi,
  NotifyContext,
} from './notification-context.ts';
import { NotificationViewport } from './notification-viewport.tsx';

let nextId = 0;

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [notifications, setNotifications] = useState<Notification[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const schedule = useCallback((callback: () => void, delay: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      callback();
    }, delay);
    timers.current.add(timer);
  }, []);

  const dismiss = useCallback(
    (id: string) => {
      setNotifications((list) => list.map((item) => (item.id === id ? { ...item, isLeaving: true } : item)));
      schedule(() => setNotifications((list) => list.filter((item) => item.id !== id)), NOTIFICATION_EXIT_MS);
    },
    [schedule],
  );

  const notify = useCallback(
    (input: NotificationInput) => {
      nextId += 1;
      const id = `notification-${nextId}`;
      const duration = input.duration ?? NOTIFICATION_DEFAULT_DURATION_MS;
      const notification: Notification = {
        id,
        type: input.type ?? 'info',
        title: input.title,
        message: input.message,
        duration,
        isLeaving: false,
      };
      setNotifications((list) => [...list, notification]);
      if (duration > 0) schedule(() => dismiss(id), duration);
      return id;
    },
    [dismiss, schedule],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const api = useMemo<NotifyApi>(
    () => ({
      notify,
      dismiss,
      info: (input) => notify({ ...input, type: 'info' }),
      success: (input) => notify({ ...input, type: 'success' }),
      warning: (input) => notify({ ...input, type: 'warning' }),
      error: (input) => notify({ ...input, type: 'error' }),
    }),
    [notify, dismiss],
  );

  return (
    <NotifyContext value={api}>
      {children}
      <NotificationViewport notifications={notifications} onDismiss={dismiss} />
    </NotifyContext>
  );
}
