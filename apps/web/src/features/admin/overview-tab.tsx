import {
  ADMIN_RESPONSE_WINDOW_MINUTES,
  type AdminOverview,
  ADMIN_FIGURES_WINDOW_DAYS as DAYS,
  formatCents,
} from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Activity,
  Building2,
  Clock,
  DollarSign,
  Gauge,
  TrendingDown,
  UserPlus,
  Users,
  Wallet,
  Zap,
} from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { formatCount } from '../../lib/format.ts';
import { formatCompact, formatCompactCents } from '../../lib/format-compact.ts';
import { adminDashboardQuery } from './admin-api.ts';
import { formatMs, formatPercent, formatUptime } from './admin-format.ts';
import { QueryView } from './admin-load-error.tsx';

function Group({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="font-semibold text-fg text-lg">
        {title}
      </h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">{children}</div>
    </section>
  );
}

/**
 * A count abbreviated K/M (docs/product.md, "Admin figures"), with the exact figure beside it when
 * it was shortened.
 */
function countCard(value: number) {
  return { value: formatCompact(value), exact: formatCount(value) };
}

function OverviewFigures({ overview }: { overview: AdminOverview }) {
  const { users, teams, revenue, system } = overview;
  return (
    <div className="space-y-8">
      <Group title="Users">
        <StatCard
          headingLevel={3}
          label="Total users"
          {...countCard(users.total)}
          note="All accounts"
          Icon={Users}
        />
        <StatCard
          headingLevel={3}
          label="New users"
          {...countCard(users.new)}
          note={`Signed up in the last ${DAYS} days`}
          Icon={UserPlus}
        />
        <StatCard
          headingLevel={3}
          label="Active users"
          {...countCard(users.active)}
          note={`Signed in or made a paid call in the last ${DAYS} days`}
          Icon={Activity}
        />
        <StatCard
          headingLevel={3}
          label="Churn rate"
          value={formatPercent(users.churnRate)}
          note={`Made paid calls the ${DAYS} days before, not active since`}
          Icon={TrendingDown}
        />
      </Group>
      <Group title="Teams">
        <StatCard
          headingLevel={3}
          label="Total teams"
          {...countCard(teams.total)}
          note="Teams not deleted"
          Icon={Building2}
        />
        <StatCard
          headingLevel={3}
          label="Active teams"
          {...countCard(teams.active)}
          note={`Made a paid call in the last ${DAYS} days`}
          Icon={Zap}
        />
      </Group>
      <Group title="Revenue">
        <StatCard
          headingLevel={3}
          label="Total revenue"
          value={formatCompactCents(revenue.total)}
          exact={formatCents(revenue.total)}
          note="All succeeded payments"
          Icon={DollarSign}
        />
        <StatCard
          headingLevel={3}
          label="Average revenue per user"
          value={formatCompactCents(revenue.arpu)}
          exact={formatCents(revenue.arpu)}
          note="Total revenue per paying workspace (personal or team)"
          Icon={Wallet}
        />
      </Group>
      <Group title="System">
        <StatCard
          headingLevel={3}
          label="Uptime"
          value={formatUptime(system.uptime)}
          note="Since this server process started"
          Icon={Clock}
        />
        <StatCard
          headingLevel={3}
          label="Response time"
          value={formatMs(system.responseTime)}
          note={`Mean over the last ${ADMIN_RESPONSE_WINDOW_MINUTES} minutes`}
          Icon={Gauge}
        />
      </Group>
    </div>
  );
}

/** The admin overview (docs/product.md, "Data the screens show"): users, revenue and system figures. */
export function OverviewTab() {
  const dashboard = useQuery(adminDashboardQuery);
  return <QueryView query={dashboard}>{(data) => <OverviewFigures overview={data.overview} />}</QueryView>;
}
