import { ROUTES } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { Coins } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button-styles.ts';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatCount } from '../../lib/format.ts';
import { dashboardQuery } from '../usage/dashboard-queries.ts';

export const BUY_CREDITS_LABEL = 'Buy credits';

/** The balance and the way to top it up, on every page of the app (kept live by task events). */
export function BalanceChip() {
  const dashboard = useQuery(dashboardQuery);
  const balance = dashboard.data?.credits.balance;
  return (
    <div className="flex items-center gap-2">
      {balance === undefined ? (
        dashboard.isPending && <Skeleton className="h-5 w-16" />
      ) : (
        <p className="flex items-center gap-1.5 text-fg text-sm">
          <Coins aria-hidden="true" className="size-4 text-primary-text" />
          <span className="font-semibold tabular-nums">{formatCount(balance)}</span>
          <span className="max-sm:sr-only">{balance === 1 ? 'credit' : 'credits'}</span>
        </p>
      )}
      <Link to={ROUTES.appCredits} className={buttonClasses('primary', 'sm', 'max-sm:px-2.5')}>
        {BUY_CREDITS_LABEL}
      </Link>
    </div>
  );
}
