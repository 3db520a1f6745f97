import type { CallDetail } from '@conduit/contracts';
import { Circle, CircleCheck, CircleX, LoaderCircle, type LucideIcon } from 'lucide-react';
import { formatDuration, formatPreciseTime, formatQuantity } from '../../lib/format.ts';
import { CALL_STATUS } from './call-status.tsx';
import { useElapsed } from './use-elapsed.ts';

interface Step {
  label: string;
  Icon: LucideIcon;
  tone: string;
  at?: string;
  note: string;
}

function stepsOf(call: CallDetail, elapsedMs: number): Step[] {
  const done = { Icon: CircleCheck, tone: 'text-success' };
  const isRunning = call.status === 'processing';
  const settled: Step = isRunning
    ? { label: 'Settled', Icon: Circle, tone: 'text-muted', note: 'Waiting for the result' }
    : {
        label: CALL_STATUS[call.status].label,
        ...(call.status === 'completed'
          ? done
          : call.status === 'failed'
            ? { Icon: CircleX, tone: 'text-danger' }
            : { Icon: CALL_STATUS[call.status].Icon, tone: CALL_STATUS[call.status].tone }),
        at: call.completedAt ?? undefined,
        note:
          call.status === 'completed'
            ? 'Result ready'
            : `${formatQuantity(call.creditsRefunded, 'credit')} refunded`,
      };
  return [
    {
      label: 'Accepted',
      ...done,
      at: call.createdAt,
      note: `${formatQuantity(call.creditsCharged, 'credit')} charged`,
    },
    isRunning
      ? {
          label: 'Processing',
          Icon: LoaderCircle,
          tone: 'text-warning animate-spin motion-reduce:animate-none',
          note: `Running for ${formatDuration(elapsedMs)}`,
        }
      : { label: 'Processing', ...done, note: `Took ${formatDuration(call.durationMs ?? 0)}` },
    settled,
  ];
}

/** Accepted, processing, then completed or failed: with times, and the time taken (so far). */
export function CallTimeline({ call }: { call: CallDetail }) {
  const elapsedMs = useElapsed(call.createdAt, call.status === 'processing');
  return (
    <ol className="space-y-4">
      {stepsOf(call, elapsedMs).map(({ label, Icon, tone, at, note }) => (
        <li key={label} className="flex gap-3">
          <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${tone}`} />
          <div className="min-w-0 text-sm">
            <p className="font-medium text-fg">{label}</p>
            {at && (
              <p className="text-muted">
                <time dateTime={at}>{formatPreciseTime(at)}</time>
              </p>
            )}
            <p className="text-muted">{note}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
