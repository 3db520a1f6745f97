import { LOW_BALANCE_CREDITS, ROUTES } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Notice } from '../../components/ui/notice.tsx';
import { formatQuantity } from '../../lib/format.ts';
import { dashboardQuery } from '../usage/dashboard-queries.ts';

export const LOW_BALANCE_TITLE = 'Low balance';

/** Under 10 credits (less than one video): said on every page but the credits page itself. */
export function LowBalanceBanner() {
  const { data } = useQuery(dashboardQuery);
  const { pathname } = useLocation();
  const balance = data?.credits.balance;
  if (balance === undefined || balance >= LOW_BALANCE_CREDITS || pathname === ROUTES.appCredits) return null;
  return (
    <Notice
      title={LOW_BALANCE_TITLE}
      lead=":"
      icon={TriangleAlert}
      landmark="section"
      className="mb-6"
      action={
        <Link
          to={ROUTES.appCredits}
          className="font-medium text-primary-text underline-offset-4 hover:underline"
        >
          Buy credits
        </Link>
      }
    >
      {balance === 0 ? 'no credits left' : `${formatQuantity(balance, 'credit')} left`}, not enough for a
      video. Calls are refused once the balance cannot cover them.
    </Notice>
  );
}
