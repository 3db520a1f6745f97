import type { CallDetail } from '@conduit/contracts';
import { CircleX, LoaderCircle } from 'lucide-react';
import { formatDate, formatDuration, formatQuantity } from '../../lib/format.ts';
import type { NextPageAction } from './linkedin-result.tsx';
import { ResultView } from './result-view.tsx';
import { useElapsed } from './use-elapsed.ts';

export const CALL_RUNNING_TEXT = 'Processing: the result shows here as soon as it is ready.';
export const filesDeletedText = (expiresAt: string) =>
  `The files of this call were deleted on ${formatDate(expiresAt)}, at the end of their retention period.`;

function Running({ since }: { since: string }) {
  const elapsedMs = useElapsed(since, true);
  return (
    <div className="flex items-start gap-3 rounded-2xl border border-border bg-surface p-5 text-sm shadow-card">
      <LoaderCircle
        aria-hidden="true"
        className="mt-0.5 size-5 shrink-0 animate-spin text-warning motion-reduce:animate-none"
      />
      <div>
        <p role="status" className="font-medium text-fg">
          {CALL_RUNNING_TEXT}
        </p>
        <p className="mt-1 text-muted">Running for {formatDuration(elapsedMs)}</p>
      </div>
    </div>
  );
}

/** What became of a call: still running, failed (and refunded), or its result. */
export function CallOutcome({
  call,
  nextPage,
  onSeen,
}: {
  call: CallDetail;
  nextPage?: NextPageAction;
  onSeen?: () => void;
}) {
  if (call.status === 'processing') return <Running since={call.createdAt} />;
  if (call.status === 'canceled' || call.status === 'aborted') {
    return (
      <p className="rounded-2xl border border-border bg-surface p-5 text-fg text-sm shadow-card">
        {call.status === 'canceled'
          ? 'The call was canceled. '
          : `The call did not start before its Cancel-After deadline, so it was aborted. `}
        {formatQuantity(call.creditsRefunded, 'credit')} refunded to your balance.
      </p>
    );
  }
  if (call.status === 'failed' || !call.result) {
    return (
      <div className="flex items-start gap-3 rounded-2xl border border-danger bg-danger-soft p-5 text-fg text-sm">
        <CircleX aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
        <div>
          <p className="font-medium">The call failed: {call.error ?? 'no reason was given'}</p>
          <p className="mt-1">{formatQuantity(call.creditsRefunded, 'credit')} refunded to your balance.</p>
        </div>
      </div>
    );
  }
  // Expired files answer 410: no broken images or players, one sentence instead.
  if (call.expiresAt && Date.parse(call.expiresAt) <= Date.now()) {
    return (
      <p className="rounded-2xl border border-border bg-surface p-5 text-muted text-sm shadow-card">
        {filesDeletedText(call.expiresAt)}
      </p>
    );
  }
  const prompt = typeof call.request.prompt === 'string' ? call.request.prompt : undefined;
  return (
    <ResultView
      service={call.service}
      result={call.result}
      prompt={prompt}
      nextPage={nextPage}
      onSeen={onSeen}
    />
  );
}
