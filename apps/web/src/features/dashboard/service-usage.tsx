import {
  type DashboardResponse,
  DEFAULT_MODEL,
  SERVICE_COST_KEY,
  SERVICE_UNITS,
  type Service,
  USAGE_WINDOW_DAYS,
} from '@conduit/contracts';
import { PageSection } from '../../components/ui/page-section.tsx';
import { ServiceCard, ServiceCards } from '../../components/ui/service-card.tsx';
import { formatQuantity } from '../../lib/format.ts';

type Last30Days = DashboardResponse['usage']['last30Days'];

const REQUESTS_FIELD: Record<Service, keyof Last30Days> = {
  image: 'imageRequests',
  video: 'videoRequests',
  sora: 'soraWatermarkRemoverRequests',
  linkedin: 'linkedinRequests',
};

function ServiceUsageCard({ service, dashboard }: { service: Service; dashboard: DashboardResponse }) {
  const last30Days = dashboard.usage.last30Days;
  const cost = dashboard.credits.usageCosts[SERVICE_COST_KEY[service]];
  return (
    <ServiceCard
      service={service}
      figure={formatQuantity(last30Days[REQUESTS_FIELD[service]] as number, 'request')}
      detail={`${formatQuantity(last30Days.creditsByService[service], 'credit')} used`}
      // Image and video cost what their model costs: the service's price is its default model's.
      footer={`${formatQuantity(cost, 'credit')} per ${SERVICE_UNITS[service]}${service in DEFAULT_MODEL ? ' (default model)' : ''}`}
    />
  );
}

/** 30-day usage per service with its credit cost (docs/product.md, "Signed-in area"). */
export function ServiceUsage({ dashboard }: { dashboard: DashboardResponse }) {
  return (
    <PageSection
      title={`Usage in the last ${USAGE_WINDOW_DAYS} days`}
      summary={`${formatQuantity(dashboard.usage.last30Days.totalRequests, 'request')} in all. Refunded calls cost nothing.`}
    >
      <ServiceCards>{(service) => <ServiceUsageCard service={service} dashboard={dashboard} />}</ServiceCards>
    </PageSection>
  );
}
