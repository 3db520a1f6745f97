import { type DashboardResponse, MESSAGES, USAGE_WINDOW_DAYS } from '@conduit/contracts';
import { Activity, Coins, KeyRound, Receipt } from 'lucide-react';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { formatCount, formatQuantity } from '../../lib/format.ts';

export const CREDITS_BALANCE_LABEL = 'Credits balance';
export const ACTIVE_KEYS_LABEL = 'Active keys';
export const REQUESTS_LABEL = 'API requests';
export const CREDITS_SPENT_LABEL = 'Credits spent';

/**
 * The stat cards (docs/product.md, "Signed-in area"): credits balance, active keys out of the
 * maximum (credits spent in the last 30 days for a role without keys), requests in the last 30 days.
 */
export function DashboardStats({
  dashboard,
  showsKeys,
}: {
  dashboard: DashboardResponse;
  showsKeys: boolean;
}) {
  const last30Days = dashboard.usage.last30Days;
  const spent = Object.values(last30Days.creditsByService).reduce((sum, credits) => sum + credits, 0);
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <StatCard
        label={CREDITS_BALANCE_LABEL}
        value={formatCount(dashboard.credits.balance)}
        note={MESSAGES.creditsNeverExpire}
        Icon={Coins}
      />
      {showsKeys ? (
        <StatCard
          label={ACTIVE_KEYS_LABEL}
          value={`${formatCount(dashboard.apiKeys.active)} of ${formatCount(dashboard.apiKeys.maxAllowed)}`}
          note={`${formatQuantity(Math.max(0, dashboard.apiKeys.maxAllowed - dashboard.apiKeys.active), 'key')} left to create`}
          Icon={KeyRound}
        />
      ) : (
        <StatCard
          label={CREDITS_SPENT_LABEL}
          value={formatCount(spent)}
          note={`Last ${USAGE_WINDOW_DAYS} days, refunds deducted`}
          Icon={Receipt}
        />
      )}
      <StatCard
        label={REQUESTS_LABEL}
        value={formatCount(last30Days.totalRequests)}
        note={`Last ${USAGE_WINDOW_DAYS} days`}
        Icon={Activity}
      />
    </div>
  );
}
