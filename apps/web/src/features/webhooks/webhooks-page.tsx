import { WEBHOOK_TEXTS } from '@conduit/contracts';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { WebhookSecretCard } from '../api-keys/webhook-secret-card.tsx';
import { useWorkspace } from '../workspaces/use-workspace.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { EndpointCard } from './endpoint-card.tsx';

/**
 * /app/webhooks, set up as Stripe's Webhooks page is: the endpoint with its event types and a
 * test event, the signing secret (roles that see keys), then the delivery log (roles that see
 * calls; their results are in the deliveries). Every member opens it: billing members set the
 * endpoint for balance.low, and each part a role cannot use says so instead of failing.
 */
export function WebhooksPage() {
  useDocumentTitle(WEBHOOK_TEXTS.pageTitle);
  const { can } = useWorkspace();
  return (
    <div className="max-w-6xl space-y-6">
      <PageTitle title={WEBHOOK_TEXTS.pageTitle} lead={WEBHOOK_TEXTS.pageIntro} />
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <EndpointCard />
        {can('useKeys') && <WebhookSecretCard />}
      </div>
      {can('useCalls') ? (
        <DeliveryLog />
      ) : (
        <p className="rounded-2xl border border-border bg-surface p-5 text-muted text-sm">
          {WEBHOOK_TEXTS.logNotForRole}
        </p>
      )}
    </div>
  );
}
