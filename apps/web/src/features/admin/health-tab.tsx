import {
  ADMIN_RESPONSE_WINDOW_MINUTES,
  type AdminHealthResponse,
  HEALTH_ERROR_RATE_GOOD_BELOW,
  type HealthCheck,
} from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { Activity, HeartPulse } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageSection } from '../../components/ui/page-section.tsx';
import { StatCard, StatGrid } from '../../components/ui/stat-card.tsx';
import { RateBadge, StatusBadge, type Tone } from '../../components/ui/status-badge.tsx';
import { formatCount } from '../../lib/format.ts';
import { adminHealthQuery } from './admin-api.ts';
import { formatPercent, humanize } from './admin-format.ts';
import { QueryView } from './admin-load-error.tsx';
import { SystemCards } from './system-cards.tsx';

const STATUS_TONE: Record<AdminHealthResponse['health']['status'], Tone> = {
  healthy: 'good',
  degraded: 'warn',
  unhealthy: 'bad',
};
const CHECK_TONE: Record<HealthCheck['status'], Tone> = { ok: 'good', warn: 'warn', fail: 'bad' };
const CHECK_LABEL: Record<HealthCheck['status'], string> = { ok: 'OK', warn: 'Warning', fail: 'Failing' };

/** A card's note led by a badge. */
function BadgeNote({ badge, children }: { badge: ReactNode; children: ReactNode }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {badge}
      {children}
    </span>
  );
}

function Checks({ checks }: { checks: HealthCheck[] }) {
  return (
    <PageSection title="Checks">
      <ul className="mt-3 divide-y divide-border rounded-2xl border border-border bg-surface shadow-card">
        {checks.map((check) => (
          <li key={check.name} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:gap-4">
            <div className="sm:w-28 sm:shrink-0">
              <StatusBadge tone={CHECK_TONE[check.status]}>{CHECK_LABEL[check.status]}</StatusBadge>
            </div>
            <div className="min-w-0 flex-1">
              <h3 className="font-medium text-fg text-sm">{humanize(check.name)}</h3>
              <p className="mt-0.5 break-words text-muted text-sm">{check.detail}</p>
            </div>
            {check.value !== null && (
              <p className="font-semibold text-fg text-sm tabular-nums sm:text-right">
                {formatCount(check.value)}
              </p>
            )}
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

function HealthView({ data }: { data: AdminHealthResponse }) {
  const { health } = data;
  const passing = data.checks.filter((check) => check.status === 'ok').length;
  return (
    <div className="space-y-8">
      <StatGrid>
        <StatCard
          headingLevel={3}
          label="Status"
          value={humanize(health.status)}
          note={
            <BadgeNote
              badge={<StatusBadge tone={STATUS_TONE[health.status]}>{humanize(health.status)}</StatusBadge>}
            >
              {passing} of {data.checks.length} checks OK
            </BadgeNote>
          }
          Icon={HeartPulse}
        />
        <SystemCards uptime={health.uptime} responseTime={health.responseTime} />
        <StatCard
          headingLevel={3}
          label="Error rate"
          value={formatPercent(health.errorRate)}
          note={
            <BadgeNote badge={<RateBadge rate={health.errorRate} goodBelow={HEALTH_ERROR_RATE_GOOD_BELOW} />}>
              5xx answers, last {ADMIN_RESPONSE_WINDOW_MINUTES} minutes
            </BadgeNote>
          }
          Icon={Activity}
        />
      </StatGrid>
      <Checks checks={data.checks} />
    </div>
  );
}

/**
 * Health (docs/product.md, "Data the screens show"): status, uptime, response time and error rate
 * (good under 1%), and the checks.
 */
export function HealthTab() {
  const health = useQuery(adminHealthQuery);
  return <QueryView query={health}>{(data) => <HealthView data={data} />}</QueryView>;
}
