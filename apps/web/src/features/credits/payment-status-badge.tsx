import type { PaymentStatus } from '@conduit/contracts';
import { Ban, CircleCheck, CircleX, Clock, type LucideIcon, TimerOff } from 'lucide-react';

const STATUS: Record<PaymentStatus, { label: string; Icon: LucideIcon; tone: string }> = {
  paid: { label: 'Paid', Icon: CircleCheck, tone: 'border-success text-success' },
  pending: { label: 'Pending', Icon: Clock, tone: 'border-warning text-warning' },
  processing: { label: 'Processing', Icon: Clock, tone: 'border-warning text-warning' },
  failed: { label: 'Failed', Icon: CircleX, tone: 'border-danger text-danger' },
  expired: { label: 'Expired', Icon: TimerOff, tone: 'border-border text-muted' },
  canceled: { label: 'Canceled', Icon: Ban, tone: 'border-border text-muted' },
};

export const paymentStatusLabel = (status: PaymentStatus) => STATUS[status].label;

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { label, Icon, tone } = STATUS[status];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 font-medium text-xs ${tone}`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
    </span>
  );
}
