import type { TaskStatus } from '@conduit/contracts';
import { Ban, CircleCheck, CircleX, Clock, type LucideIcon, TimerOff } from 'lucide-react';

export const CALL_STATUS: Record<TaskStatus, { label: string; Icon: LucideIcon; tone: string }> = {
  completed: { label: 'Completed', Icon: CircleCheck, tone: 'text-success' },
  processing: { label: 'Processing', Icon: Clock, tone: 'text-warning' },
  failed: { label: 'Failed', Icon: CircleX, tone: 'text-danger' },
  // Ended at the developer's request or by their Cancel-After: refunded, not an error of ours.
  canceled: { label: 'Canceled', Icon: Ban, tone: 'text-muted' },
  aborted: { label: 'Aborted', Icon: TimerOff, tone: 'text-muted' },
};

/** A call's status as an icon and a word. */
export function CallStatus({ status }: { status: TaskStatus }) {
  const { label, Icon, tone } = CALL_STATUS[status];
  return (
    <span className="inline-flex items-center gap-1.5">
      <Icon aria-hidden="true" className={`size-4 ${tone}`} />
      {label}
    </span>
  );
}
