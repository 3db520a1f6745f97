import { WEBHOOK_TEXTS, type WebhookAttempt } from '@conduit/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { QueryLoadError } from '../../components/ui/load-error.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { Timestamp } from '../../components/ui/timestamp.tsx';
import { serverTextOr } from '../../lib/server-error.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { answerText, DeliveryStatusBadge } from './delivery-status.tsx';
import { DELIVERIES_QUERY_KEY, deliveryQuery, resendDelivery } from './webhooks-api.ts';

const prettyJson = (text: string) => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

const PRE =
  'max-h-72 overflow-auto whitespace-pre-wrap break-all rounded-lg bg-surface-2 p-3 font-mono text-xs text-fg';

/** A long text in a box that scrolls; keyboard users reach it to scroll it. */
function ScrollablePre({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <p className="text-muted text-xs">{label}</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <pre tabIndex={0} className={PRE}>
        {children}
      </pre>
    </div>
  );
}

function AttemptItem({ attempt }: { attempt: WebhookAttempt }) {
  const isOk =
    attempt.responseStatus !== null && attempt.responseStatus < 300 && attempt.responseStatus >= 200;
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
        <span className="font-medium text-fg">
          #{attempt.attempt}
          {attempt.isManual ? ` (${WEBHOOK_TEXTS.resend})` : ''}
        </span>
        <span className={isOk ? 'text-success' : 'text-danger'}>
          {answerText(attempt.responseStatus, attempt.error)}
        </span>
        <span className="text-muted tabular-nums">{attempt.latencyMs} ms</span>
        <Timestamp at={attempt.at} className="text-muted text-xs" />
      </div>
      {attempt.nextRetryAt && (
        <p className="text-muted text-xs">
          Next retry <Timestamp at={attempt.nextRetryAt} />
        </p>
      )}
      {attempt.responseBody ? (
        <ScrollablePre label={WEBHOOK_TEXTS.answerTitle}>{attempt.responseBody}</ScrollablePre>
      ) : null}
    </li>
  );
}

/** One delivery: what was sent (headers and body), every attempt with its answer, and Resend. */
export function DeliveryDetail({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const { success, error } = useNotify();
  const delivery = useQuery(deliveryQuery(id));
  const resend = useMutation({
    mutationFn: () => resendDelivery(id),
    onSuccess: (answer) => {
      success({ message: answer.message });
      void queryClient.invalidateQueries({ queryKey: DELIVERIES_QUERY_KEY });
    },
    onError: (failure) => error({ message: serverTextOr(failure, WEBHOOK_TEXTS.resendFailed) }),
  });
  if (delivery.isPending) return <RowsSkeleton rows={4} />;
  if (delivery.isError) {
    return (
      <QueryLoadError query={delivery} message={serverTextOr(delivery.error, WEBHOOK_TEXTS.loadFailed)} />
    );
  }
  const { data } = delivery;
  const latest = data.attemptLog.at(-1);
  return (
    <article
      aria-labelledby="delivery-title"
      className="space-y-4 rounded-2xl border border-border bg-surface p-4 shadow-card"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 id="delivery-title" className="font-semibold text-fg">
            {data.eventType}
          </h2>
          <p className="break-all font-mono text-muted text-xs">{data.eventId}</p>
          <p className="break-all text-muted text-sm">{data.url}</p>
          <DeliveryStatusBadge status={data.status} />
        </div>
        <Button variant="secondary" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {resend.isPending ? WEBHOOK_TEXTS.resendPending : WEBHOOK_TEXTS.resend}
        </Button>
      </header>
      <section aria-label={WEBHOOK_TEXTS.requestTitle} className="space-y-2">
        <h3 className="font-medium text-fg text-sm">{WEBHOOK_TEXTS.requestTitle}</h3>
        {latest && (
          <dl className="grid grid-cols-1 gap-x-3 gap-y-1 text-xs sm:grid-cols-[auto_minmax(0,1fr)]">
            {Object.entries(latest.requestHeaders).map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="font-mono text-muted">{name}</dt>
                <dd className="break-all font-mono text-fg">{value}</dd>
              </div>
            ))}
          </dl>
        )}
        <ScrollablePre label="Body">{prettyJson(data.requestBody)}</ScrollablePre>
      </section>
      <section aria-label={WEBHOOK_TEXTS.attemptsTitle}>
        <h3 className="font-medium text-fg text-sm">{WEBHOOK_TEXTS.attemptsTitle}</h3>
        <ol className="divide-y divide-border">
          {[...data.attemptLog].reverse().map((attempt) => (
            <AttemptItem key={attempt.attempt} attempt={attempt} />
          ))}
        </ol>
      </section>
    </article>
  );
}
