import {
  type CreditsResponse,
  SERVICE_COST_KEY,
  SERVICE_LABELS,
  SERVICES,
  type Service,
} from '@conduit/contracts';
import { useId } from 'react';
import { formatQuantity } from '../../lib/format.ts';

/** What one unit of each service is (spec section 9: LinkedIn is charged per request). */
const UNIT: Record<Service, string> = { image: 'image', video: 'video', sora: 'video', linkedin: 'request' };

function CostCard({ service, credits }: { service: Service; credits: CreditsResponse }) {
  const labelId = useId();
  const costKey = SERVICE_COST_KEY[service];
  const cost = credits.usageCosts[costKey] ?? 0;
  const stats = credits.usageStats[costKey];
  return (
    <section
      aria-labelledby={labelId}
      className="rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-5"
    >
      <h3 id={labelId} className="font-medium text-fg text-sm">
        {SERVICE_LABELS[service]}
      </h3>
      <p className="mt-3 font-semibold text-fg text-xl tracking-tight sm:text-2xl">
        {formatQuantity(cost, 'credit')}
      </p>
      <p className="mt-1 text-muted text-sm">per {UNIT[service]}</p>
      <p className="mt-3 border-border border-t pt-3 text-muted text-xs">
        {formatQuantity(stats?.requests ?? 0, 'request')}, {formatQuantity(stats?.credits ?? 0, 'credit')}{' '}
        spent
      </p>
    </section>
  );
}

/** The credit cost of each service, with what this account has spent on it so far. */
export function UsageCosts({ credits }: { credits: CreditsResponse }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="font-semibold text-fg text-lg">
        What a credit buys
      </h2>
      <p className="mt-1 text-muted text-sm">
        Every service draws on the same balance. Failed calls are refunded.
      </p>
      <div className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {SERVICES.map((service) => (
          <CostCard key={service} service={service} credits={credits} />
        ))}
      </div>
    </section>
  );
}
