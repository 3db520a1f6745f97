import { type AlertsResponse, WEBHOOK_TEXTS } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { Laptop, Link2 } from 'lucide-react';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { QueryContent } from '../../components/ui/query-content.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { alertsQuery } from '../alerts/alerts-api.ts';
import { useWorkspace } from '../workspaces/use-workspace.ts';
import { endpointAccess } from './endpoint-access.ts';
import { EndpointForm } from './endpoint-form.tsx';

/** The endpoint as a member who cannot change it sees it, with the reason. */
function EndpointReadOnly({ data, reason }: { data: AlertsResponse; reason: string }) {
  return (
    <div className="space-y-3 text-sm">
      <p className="break-all text-fg">{data.webhookUrl ?? WEBHOOK_TEXTS.noEndpoint}</p>
      {data.webhookUrl && (
        <p className="text-muted">
          {WEBHOOK_TEXTS.currentEvents}: {data.webhookEventTypes.join(', ')}
        </p>
      )}
      <p className="rounded-lg bg-surface-2 px-4 py-3 text-fg">{reason}</p>
    </div>
  );
}

/** Why localhost is refused, and the command that receives events on a developer's machine. */
function LocalTesting() {
  return (
    <div className="mt-5 rounded-xl border border-border bg-surface-2 p-4 text-sm">
      <p className="flex items-center gap-2 font-medium text-fg">
        <Laptop aria-hidden="true" className="size-4 text-primary-text" />
        {WEBHOOK_TEXTS.localTitle}
      </p>
      <p className="mt-1 text-muted">{WEBHOOK_TEXTS.localExplanation}</p>
      <div className="mt-2">
        <CopyButton value={WEBHOOK_TEXTS.localCommand} size="sm" />
      </div>
    </div>
  );
}

/**
 * The Webhooks page's first card: where events go and which ones, "Send test event", and how to
 * receive events locally. Every member sees it; who may change it is endpointAccess's rule.
 */
export function EndpointCard() {
  const { can, query: workspaces } = useWorkspace();
  const endpoint = useQuery(alertsQuery);
  return (
    <SectionCard title={WEBHOOK_TEXTS.endpointTitle} icon={Link2}>
      <div className="mt-4">
        <QueryContent
          query={endpoint}
          failedText={WEBHOOK_TEXTS.loadEndpointFailed}
          loading={<RowsSkeleton rows={2} rowClassName="h-14 rounded-xl" />}
        >
          {(data) => {
            if (workspaces.isPending) return <RowsSkeleton rows={2} rowClassName="h-14 rounded-xl" />;
            const access = endpointAccess(can, data.webhookEventTypes);
            return (
              <>
                {data.webhookDisabledAt && (
                  <p className="mb-3 text-danger text-sm">
                    {WEBHOOK_TEXTS.disabled(formatDateTime(data.webhookDisabledAt))}
                  </p>
                )}
                {access.mode === 'edit' ? (
                  <EndpointForm
                    key={`${data.webhookUrl ?? ''}|${data.webhookEventTypes.join()}`}
                    webhookUrl={data.webhookUrl}
                    eventTypes={data.webhookEventTypes}
                    canChooseTaskEvents={access.canChooseTaskEvents}
                  />
                ) : (
                  <EndpointReadOnly data={data} reason={access.reason} />
                )}
              </>
            );
          }}
        </QueryContent>
      </div>
      <LocalTesting />
    </SectionCard>
  );
}
