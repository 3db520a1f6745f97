import { type CreditsResponse, SERVICE_COST_KEY, SERVICE_UNITS, type Service } from '@conduit/contracts';
import { PageSection } from '../../components/ui/page-section.tsx';
import { ServiceCard, ServiceCards } from '../../components/ui/service-card.tsx';
import { formatQuantity } from '../../lib/format.ts';

function CostCard({ service, credits }: { service: Service; credits: CreditsResponse }) {
  const costKey = SERVICE_COST_KEY[service];
  const stats = credits.usageStats[costKey];
  return (
    <ServiceCard
      service={service}
      figure={formatQuantity(credits.usageCosts[costKey] ?? 0, 'credit')}
      detail={`per ${SERVICE_UNITS[service]}`}
      footer={`${formatQuantity(stats?.requests ?? 0, 'request')}, ${formatQuantity(stats?.credits ?? 0, 'credit')} spent`}
    />
  );
}

/** The credit cost of each service, with what this account has spent on it so far. */
export function UsageCosts({ credits }: { credits: CreditsResponse }) {
  return (
    <PageSection
      title="What a credit buys"
      summary="Every service draws on the same balance. Failed calls are refunded."
    >
      <ServiceCards>{(service) => <CostCard service={service} credits={credits} />}</ServiceCards>
    </PageSection>
  );
}
