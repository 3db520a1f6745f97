import { LOW_BALANCE_CREDITS, ROUTES } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { formatQuantity } from '../../lib/format.ts';
import { dashboardQuery } from '../dashboard/dashboard-queries.ts';

export const LOW_BALANCE_TITLE = 'Low balance';

/** Under 10 credits (less than one video): said on every page but the credits page itself. */
export function LowBalanceBanner() {
  const { data } = useQuery(dashboardQuery);
  const { pathname } = useLocation();
  const balance = data?.credits.balance;
  if (balance === undefined || balance >= LOW_BALANCE_CREDITS || pathname === ROUTES.appCredits) return null;
  return (
    <section
      aria-label={LOW_BALANCE_TITLE}
      className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm"
    >
      <TriangleAlert aria-hidden="true" className="size-4 shrink-0 text-warning" />
      <p className="flex-1 text-fg">
        <span className="font-semibold">{LOW_BALANCE_TITLE}:</span>{' '}
        {balance === 0 ? 'no credits left' : `${formatQuantity(balance, 'credit')} left`}, not enough for a
        video. Calls are refused once the balance cannot cover them.
      </p>
      <Link
        to={ROUTES.appCredits}
        className="font-medium text-primary-text underline-offset-4 hover:underline"
      >
        Buy credits
      </Link>
    </section>
  );
}
