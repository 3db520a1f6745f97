import { ALERT_TEXTS, burnRateText, carriesTaskEvents } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { QueryContent } from '../../components/ui/query-content.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { useWorkspace } from '../workspaces/use-workspace.ts';
import { AddThresholdForm } from './add-threshold-form.tsx';
import { alertsQuery } from './alerts-api.ts';
import { ThresholdList } from './threshold-list.tsx';
import { WebhookEndpointForm } from './webhook-endpoint-form.tsx';

/**
 * The Credits page's "Low-balance alerts" card: every member sees the thresholds, the balance's
 * burn rate and the webhook endpoint; owners, admins and billing members change them (an endpoint
 * that receives task events only a role that may see calls).
 */
export function LowBalanceAlerts() {
  const { can, query: workspaces } = useWorkspace();
  const alerts = useQuery(alertsQuery);
  const canEdit = !workspaces.isPending && can('buyCredits');
  if (!can('viewSpend')) return null;

  return (
    <SectionCard title={ALERT_TEXTS.title} icon={BellRing}>
      <p className="mt-1 text-muted text-sm">{ALERT_TEXTS.intro}</p>
      <div className="mt-5 space-y-5">
        <QueryContent
          query={alerts}
          failedText={ALERT_TEXTS.loadFailed}
          loading={<RowsSkeleton rows={2} rowClassName="h-14 rounded-xl" />}
        >
          {(data) => (
            <>
              <p className="rounded-lg bg-surface-2 px-4 py-3 text-fg text-sm">
                {ALERT_TEXTS.balanceNow(data.balance)} {burnRateText(data.burnRate)}
              </p>
              <ThresholdList alerts={data.alerts} canEdit={canEdit} />
              {canEdit &&
                (data.alerts.length >= data.maxAlerts ? (
                  <p className="text-muted text-sm">{ALERT_TEXTS.tooMany}</p>
                ) : (
                  <AddThresholdForm />
                ))}
              {!canEdit && <p className="text-muted text-sm">{ALERT_TEXTS.readOnly}</p>}
              <div className="border-border border-t pt-5">
                <WebhookEndpointForm
                  key={data.webhookUrl ?? ''}
                  webhookUrl={data.webhookUrl}
                  eventTypes={data.webhookEventTypes}
                  disabledAt={data.webhookDisabledAt}
                  canEdit={canEdit && (can('useCalls') || !carriesTaskEvents(data.webhookEventTypes))}
                  offersTaskEvents={can('useCalls')}
                />
              </div>
            </>
          )}
        </QueryContent>
      </div>
    </SectionCard>
  );
}
