import {
  type CreditsResponse,
  SERVICE_COST_KEY,
  SERVICE_UNITS,
  SERVICES,
  type Service,
} from '@conduit/contracts';
import { PageSection } from '../../components/ui/page-section.tsx';
import { ServiceCard } from '../../components/ui/service-card.tsx';
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
      <div className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {SERVICES.map((service) => (
          <CostCard key={service} service={service} credits={credits} />
        ))}
      </div>
    </PageSection>
  );
}
