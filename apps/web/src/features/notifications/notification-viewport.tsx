import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import type { Notification, NotificationType } from './notification-context.ts';

const ICONS: Record<NotificationType, typeof Info> = {
  info: Info,
  success: CircleCheck,
  warning: TriangleAlert,
  error: CircleAlert,
};

const ACCENTS: Record<NotificationType, string> = {
  info: 'text-info',
  success: 'text-success',
  warning: 'text-warning',
  error: 'text-danger',
};

interface NotificationViewportProps {
  notifications: Notification[];
  onDismiss: (id: string) => void;
}

export function NotificationViewport({ notifications, onDismiss }: NotificationViewportProps) {
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:right-0 sm:items-end"
    >
      {notifications.map((item) => {
        const Icon = ICONS[item.type];
        return (
          <div
            key={item.id}
            role={item.type === 'error' ? 'alert' : 'status'}
            data-type={item.type}
            className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border border-border bg-surface p-4 shadow-popover motion-reduce:animate-none ${
              item.isLeaving ? 'animate-toast-out' : 'animate-toast-in'
            }`}
          >
            <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${ACCENTS[item.type]}`} />
            <div className="min-w-0 flex-1 text-sm">
              {item.title && <p className="font-semibold text-fg">{item.title}</p>}
              <p className={item.title ? 'mt-0.5 text-muted' : 'text-fg'}>{item.message}</p>
            </div>
            <button
              type="button"
              onClick={() => onDismiss(item.id)}
              className="-m-1 rounded-md p-1 text-muted hover:bg-surface-2 hover:text-fg"
              aria-label="Close notification"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        );
      })}
    </section>
  );
}
