import type { TaskStatus } from '@conduit/contracts';
import { CircleCheck, CircleX, Clock, type LucideIcon } from 'lucide-react';

export const CALL_STATUS: Record<TaskStatus, { label: string; Icon: LucideIcon; tone: string }> = {
  completed: { label: 'Completed', Icon: CircleCheck, tone: 'text-success' },
  processing: { label: 'Processing', Icon: Clock, tone: 'text-warning' },
  failed: { label: 'Failed', Icon: CircleX, tone: 'text-danger' },
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
