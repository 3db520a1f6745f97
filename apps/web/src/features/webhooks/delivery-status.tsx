import { type DeliveryStatus, WEBHOOK_TEXTS } from '@conduit/contracts';

const TONE: Record<DeliveryStatus, string> = {
  succeeded: 'border-success text-success',
  pending: 'border-warning text-warning',
  failed: 'border-danger text-danger',
};

/** A delivery's state as a small badge: Delivered, Retrying or Failed. */
export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return (
    <span className={`inline-flex rounded-full border px-2 py-0.5 font-medium text-xs ${TONE[status]}`}>
      {WEBHOOK_TEXTS.statusLabels[status]}
    </span>
  );
}

/** What the receiver answered last: its HTTP status, or why no answer came. */
export const answerText = (status: number | null, error: string | null) =>
  status !== null ? `HTTP ${status}` : (error ?? WEBHOOK_TEXTS.noAnswer);
