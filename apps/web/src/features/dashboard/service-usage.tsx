import {
  type DashboardResponse,
  SERVICE_COST_KEY,
  SERVICE_LABELS,
  SERVICES,
  type Service,
  USAGE_WINDOW_DAYS,
} from '@conduit/contracts';
import { useId } from 'react';
import { formatCount, formatQuantity } from '../../lib/format.ts';

type Last30Days = DashboardResponse['usage']['last30Days'];

const REQUESTS_FIELD: Record<Service, keyof Last30Days> = {
  image: 'imageRequests',
  video: 'videoRequests',
  sora: 'soraWatermarkRemoverRequests',
  linkedin: 'linkedinRequests',
};

/** What one unit of each service costs (spec section 9: "2 per request" for LinkedIn). */
const UNIT: Record<Service, string> = { image: 'image', video: 'video', sora: 'video', linkedin: 'request' };

function ServiceCard({ service, dashboard }: { service: Service; dashboard: DashboardResponse }) {
  const labelId = useId();
  const last30Days = dashboard.usage.last30Days;
  const requests = last30Days[REQUESTS_FIELD[service]] as number;
  const cost = dashboard.credits.usageCosts[SERVICE_COST_KEY[service]];
  return (
    <section
      aria-labelledby={labelId}
      className="rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-5"
    >
      <h3 id={labelId} className="font-medium text-fg text-sm">
        {SERVICE_LABELS[service]}
      </h3>
      <p className="mt-3 font-semibold text-fg text-xl tracking-tight sm:text-2xl">
        {formatQuantity(requests, 'request')}
      </p>
      <p className="mt-1 text-muted text-sm">
        {formatQuantity(last30Days.creditsByService[service], 'credit')} used
      </p>
      <p className="mt-3 border-border border-t pt-3 text-muted text-xs">
        {formatQuantity(cost, 'credit')} per {UNIT[service]}
      </p>
    </section>
  );
}

/** 30-day usage per service with its credit cost (spec section 2). */
export function ServiceUsage({ dashboard }: { dashboard: DashboardResponse }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="font-semibold text-fg text-lg">
        Usage in the last {USAGE_WINDOW_DAYS} days
      </h2>
      <p className="mt-1 text-muted text-sm">
        {formatCount(dashboard.usage.last30Days.totalRequests)} requests in all. Refunded calls cost nothing.
      </p>
      <div className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {SERVICES.map((service) => (
          <ServiceCard key={service} service={service} dashboard={dashboard} />
        ))}
      </div>
    </section>
  );
}
