import { type DashboardResponse, MESSAGES, USAGE_WINDOW_DAYS } from '@conduit/contracts';
import { Activity, Coins, KeyRound } from 'lucide-react';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { formatCount, formatQuantity } from '../../lib/format.ts';

export const CREDITS_BALANCE_LABEL = 'Credits balance';
export const ACTIVE_KEYS_LABEL = 'Active keys';
export const REQUESTS_LABEL = 'API requests';

/**
 * The stat cards (docs/product.md, "Signed-in area"): credits balance, active keys out of the
 * maximum, requests in the last 30 days.
 */
export function DashboardStats({ dashboard }: { dashboard: DashboardResponse }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <StatCard
        label={CREDITS_BALANCE_LABEL}
        value={formatCount(dashboard.credits.balance)}
        note={MESSAGES.creditsNeverExpire}
        Icon={Coins}
      />
      <StatCard
        label={ACTIVE_KEYS_LABEL}
        value={`${formatCount(dashboard.apiKeys.active)} of ${formatCount(dashboard.apiKeys.maxAllowed)}`}
        note={`${formatQuantity(Math.max(0, dashboard.apiKeys.maxAllowed - dashboard.apiKeys.active), 'key')} left to create`}
        Icon={KeyRound}
      />
      <StatCard
        label={REQUESTS_LABEL}
        value={formatCount(dashboard.usage.last30Days.totalRequests)}
        note={`Last ${USAGE_WINDOW_DAYS} days`}
        Icon={Activity}
      />
    </div>
  );
}
