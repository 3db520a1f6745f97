import { type AdminOverview, ADMIN_FIGURES_WINDOW_DAYS as DAYS, formatCents } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { Activity, Building2, DollarSign, TrendingDown, UserPlus, Users, Wallet, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageSection } from '../../components/ui/page-section.tsx';
import { StatCard, StatGrid } from '../../components/ui/stat-card.tsx';
import { formatCount } from '../../lib/format.ts';
import { formatCompact, formatCompactCents } from '../../lib/format-compact.ts';
import { adminDashboardQuery } from './admin-api.ts';
import { formatPercent } from './admin-format.ts';
import { QueryView } from './admin-load-error.tsx';
import { SystemCards } from './system-cards.tsx';

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageSection title={title}>
      <StatGrid className="mt-3">{children}</StatGrid>
    </PageSection>
  );
}

/**
 * A count abbreviated K/M (docs/product.md, "Admin figures"), with the exact figure beside it when
 * it was shortened.
 */
function countCard(value: number) {
  return { value: formatCompact(value), exact: formatCount(value) };
}

/** An amount of money abbreviated K/M, with the exact amount beside it. */
const centsCard = (cents: number) => ({ value: formatCompactCents(cents), exact: formatCents(cents) });

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
          {...centsCard(revenue.total)}
          note="All succeeded payments"
          Icon={DollarSign}
        />
        <StatCard
          headingLevel={3}
          label="Average revenue per user"
          {...centsCard(revenue.arpu)}
          note="Total revenue per paying workspace (personal or team)"
          Icon={Wallet}
        />
      </Group>
      <Group title="System">
        <SystemCards uptime={system.uptime} responseTime={system.responseTime} />
      </Group>
    </div>
  );
}

/** The admin overview (docs/product.md, "Data the screens show"): users, revenue and system figures. */
export function OverviewTab() {
  const dashboard = useQuery(adminDashboardQuery);
  return <QueryView query={dashboard}>{(data) => <OverviewFigures overview={data.overview} />}</QueryView>;
}
