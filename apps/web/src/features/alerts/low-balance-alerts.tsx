import { ALERT_TEXTS, burnRateText } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { LoadError } from '../../components/ui/load-error.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { useWorkspace } from '../workspaces/use-workspace.ts';
import { AddThresholdForm } from './add-threshold-form.tsx';
import { alertsQuery } from './alerts-api.ts';
import { ThresholdList } from './threshold-list.tsx';
import { WebhookEndpointForm } from './webhook-endpoint-form.tsx';

/**
 * The Credits page's "Low-balance alerts" card: every member sees the thresholds, the balance's
 * burn rate and the webhook endpoint; owners, admins and billing members change them.
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
        {alerts.isPending ? (
          <RowsSkeleton rows={2} rowClassName="h-14 rounded-xl" />
        ) : alerts.isError ? (
          <LoadError
            message={ALERT_TEXTS.loadFailed}
            onRetry={() => void alerts.refetch()}
            isRetrying={alerts.isFetching}
          />
        ) : (
          <>
            <p className="rounded-lg bg-surface-2 px-4 py-3 text-fg text-sm">
              {ALERT_TEXTS.balanceNow(alerts.data.balance)} {burnRateText(alerts.data.burnRate)}
            </p>
            <ThresholdList alerts={alerts.data.alerts} canEdit={canEdit} />
            {canEdit &&
              (alerts.data.alerts.length >= alerts.data.maxAlerts ? (
                <p className="text-muted text-sm">{ALERT_TEXTS.tooMany}</p>
              ) : (
                <AddThresholdForm />
              ))}
            {!canEdit && <p className="text-muted text-sm">{ALERT_TEXTS.readOnly}</p>}
            <div className="border-border border-t pt-5">
              <WebhookEndpointForm
                key={alerts.data.webhookUrl ?? ''}
                webhookUrl={alerts.data.webhookUrl}
                canEdit={canEdit}
              />
            </div>
          </>
        )}
      </div>
    </SectionCard>
  );
}
