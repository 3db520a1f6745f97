import { ALERT_TEXTS, burnRateText, ROUTES } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, BellRing } from 'lucide-react';
import { Link } from 'react-router';
import { QueryContent } from '../../components/ui/query-content.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { useWorkspace } from '../workspaces/use-workspace.ts';
import { AddThresholdForm } from './add-threshold-form.tsx';
import { alertsQuery } from './alerts-api.ts';
import { ThresholdList } from './threshold-list.tsx';

/**
 * The Credits page's "Low-balance alerts" card: every member sees the thresholds and the balance's
 * burn rate; owners, admins and billing members change them. Where balance.low events go is set
 * up on the Webhooks page, linked from here.
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
              <div className="flex flex-wrap items-center justify-between gap-3 border-border border-t pt-5 text-sm">
                <p className="break-all text-muted">{ALERT_TEXTS.endpointNow(data.webhookUrl)}</p>
                <Link
                  to={ROUTES.appWebhooks}
                  className="inline-flex items-center gap-1 font-medium text-primary-text hover:underline"
                >
                  {ALERT_TEXTS.endpointLink}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </div>
            </>
          )}
        </QueryContent>
      </div>
    </SectionCard>
  );
}
