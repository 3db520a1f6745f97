import { type DeliveriesQuery, WEBHOOK_TEXTS, type WebhookDelivery } from '@conduit/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { CurrentItem } from '../../components/ui/current-item.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { Timestamp } from '../../components/ui/timestamp.tsx';
import { alertsQuery } from '../alerts/alerts-api.ts';
import { DeliveryDetail } from './delivery-detail.tsx';
import { DeliveryFiltersForm } from './delivery-filters.tsx';
import { answerText, DeliveryStatusBadge } from './delivery-status.tsx';
import { type DeliveryFilters, deliveriesQuery } from './webhooks-api.ts';

const FILTER_NAMES = ['status', 'eventType', 'from', 'to'] as const;

function DeliveryRow({
  delivery,
  isOpen,
  onOpen,
}: {
  delivery: WebhookDelivery;
  isOpen: boolean;
  onOpen: () => void;
}) {
  return (
    <CurrentItem
      isCurrent={isOpen}
      onPick={onOpen}
      className={`flex w-full flex-col gap-1 px-4 py-3 text-left hover:bg-surface-2 focus-visible:bg-surface-2 ${
        isOpen ? 'bg-surface-2' : ''
      }`}
    >
      <span className="flex flex-wrap items-center gap-2">
        <DeliveryStatusBadge status={delivery.status} />
        <span className="font-medium text-fg text-sm">{delivery.eventType}</span>
        <span className="text-muted text-xs">
          {answerText(delivery.lastResponseStatus, delivery.lastError)} · {delivery.attempts}{' '}
          {delivery.attempts === 1 ? 'attempt' : 'attempts'}
        </span>
      </span>
      <span className="truncate text-muted text-xs">{delivery.url}</span>
      <Timestamp at={delivery.createdAt} className="text-muted text-xs" />
    </CurrentItem>
  );
}

/**
 * Every delivery of the workspace's events (its endpoint and callBackUrls), filtered by status,
 * event type and days; one opens beside the list (below it on phones) with what was sent, every
 * attempt and its answer, and Resend. The filters and the open delivery are in the URL. With
 * nothing delivered yet, the empty log says what to do first.
 */
export function DeliveryLog() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(
    FILTER_NAMES.flatMap((name) => (params.get(name) ? [[name, params.get(name)]] : [])),
  ) as DeliveryFilters & Partial<Pick<DeliveriesQuery, 'status'>>;
  const openId = params.get('delivery');
  const deliveries = useInfiniteQuery(deliveriesQuery(filters));
  const endpoint = useQuery(alertsQuery);
  const update = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  const empty =
    Object.keys(filters).length > 0
      ? WEBHOOK_TEXTS.noDeliveries
      : endpoint.data?.webhookUrl
        ? WEBHOOK_TEXTS.firstStepWithEndpoint
        : WEBHOOK_TEXTS.firstStepNoEndpoint;

  return (
    <section aria-labelledby="delivery-log-title" className="space-y-4">
      <div>
        <h2 id="delivery-log-title" className="font-semibold text-fg text-lg">
          {WEBHOOK_TEXTS.logTitle}
        </h2>
        <p className="mt-1 text-muted text-sm">{WEBHOOK_TEXTS.logIntro}</p>
      </div>
      <DeliveryFiltersForm filters={filters} onChange={(name, value) => update({ [name]: value })} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <PagedList
          query={deliveries}
          rowsOf={(page) => page.deliveries}
          failedText={WEBHOOK_TEXTS.loadFailed}
          loading={<RowsSkeleton rows={5} />}
          empty={empty}
        >
          {(rows) => (
            <ul
              aria-label="Deliveries"
              className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface shadow-card"
            >
              {rows.map((delivery) => (
                <DeliveryRow
                  key={delivery.id}
                  delivery={delivery}
                  isOpen={delivery.id === openId}
                  onOpen={() => update({ delivery: delivery.id })}
                />
              ))}
            </ul>
          )}
        </PagedList>
        {openId && <DeliveryDetail key={openId} id={openId} />}
      </div>
    </section>
  );
}
