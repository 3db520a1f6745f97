import { type AdminOverview, ADMIN_FIGURES_WINDOW_DAYS as DAYS, formatCents } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Activity,
  Building2,
  DollarSign,
  type LucideIcon,
  TrendingDown,
  UserPlus,
  Users,
  Wallet,
  Zap,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { PageSection } from '../../components/ui/page-section.tsx';
import { StatCard, StatGrid } from '../../components/ui/stat-card.tsx';
import { formatCount } from '../../lib/format.ts';
import { formatCompact, formatCompactCents } from '../../lib/format-compact.ts';
import { adminDashboardQuery } from './admin-api.ts';
import { formatPercent } from './admin-format.ts';
import { QueryView } from './admin-load-error.tsx';
import { SystemCards } from './system-cards.tsx';

/** A figure of the overview: its label, value (with the exact one when abbreviated) and note. */
interface Figure {
  label: string;
  value: string;
  exact?: string;
  note: string;
  Icon: LucideIcon;
}

function Group({
  title,
  figures = [],
  children,
}: {
  title: string;
  figures?: Figure[];
  children?: ReactNode;
}) {
  return (
    <PageSection title={title}>
      <StatGrid className="mt-3">
        {figures.map((figure) => (
          <StatCard key={figure.label} headingLevel={3} {...figure} />
        ))}
        {children}
      </StatGrid>
    </PageSection>
  );
}

/**
 * A count abbreviated K/M (docs/product.md, "Admin figures"), with the exact figure beside it when
 * it was shortened.
 */
const count = (value: number) => ({ value: formatCompact(value), exact: formatCount(value) });

/** An amount of money abbreviated K/M, with the exact amount beside it. */
const cents = (amount: number) => ({ value: formatCompactCents(amount), exact: formatCents(amount) });

function OverviewFigures({ overview }: { overview: AdminOverview }) {
  const { users, teams, revenue, system } = overview;
  return (
    <div className="space-y-8">
      <Group
        title="Users"
        figures={[
          { label: 'Total users', ...count(users.total), note: 'All accounts', Icon: Users },
          {
            label: 'New users',
            ...count(users.new),
            note: `Signed up in the last ${DAYS} days`,
            Icon: UserPlus,
          },
          {
            label: 'Active users',
            ...count(users.active),
            note: `Signed in or made a paid call in the last ${DAYS} days`,
            Icon: Activity,
          },
          {
            label: 'Churn rate',
            value: formatPercent(users.churnRate),
            note: `Made paid calls the ${DAYS} days before, not active since`,
            Icon: TrendingDown,
          },
        ]}
      />
      <Group
        title="Teams"
        figures={[
          { label: 'Total teams', ...count(teams.total), note: 'Teams not deleted', Icon: Building2 },
          {
            label: 'Active teams',
            ...count(teams.active),
            note: `Made a paid call in the last ${DAYS} days`,
            Icon: Zap,
          },
        ]}
      />
      <Group
        title="Revenue"
        figures={[
          {
            label: 'Total revenue',
            ...cents(revenue.total),
            note: 'All succeeded payments',
            Icon: DollarSign,
          },
          {
            label: 'Average revenue per user',
            ...cents(revenue.arpu),
            note: 'Total revenue per paying workspace (personal or team)',
            Icon: Wallet,
          },
        ]}
      />
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
