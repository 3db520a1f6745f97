import { MESSAGES } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { Coins, RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useAppUser } from '../app-shell/use-app-user.ts';
import { emailLocalPart } from '../auth/session-user.ts';
import { creditsQuery } from './credits-query.ts';
import { greetingFor } from './greeting.ts';
import { StatCard } from './stat-card.tsx';

export const CREDITS_BALANCE_LABEL = 'Credits balance';

const formatCount = (value: number) => value.toLocaleString('en-US');

/** /app: greeting and the credit balance (the full dashboard of spec section 2 builds on this). */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const user = useAppUser();
  const credits = useQuery(creditsQuery);

  return (
    <div className="max-w-5xl">
      <h1 className="font-semibold text-2xl text-fg tracking-tight">
        {greetingFor(new Date())}, {emailLocalPart(user.email)}
      </h1>
      <p className="mt-1 text-muted">Here is where your account stands.</p>
      <div className="mt-8">
        {credits.isPending ? (
          <p role="status" className="text-muted">
            {MESSAGES.loading}
          </p>
        ) : credits.isError ? (
          <FormAlert
            action={
              <Button
                variant="secondary"
                size="sm"
                disabled={credits.isFetching}
                onClick={() => void credits.refetch()}
              >
                <RefreshCw aria-hidden="true" className="size-4" />
                Retry
              </Button>
            }
          >
            {MESSAGES.dashboardLoadFailed}
          </FormAlert>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <StatCard
              label={CREDITS_BALANCE_LABEL}
              value={formatCount(credits.data.balance)}
              note={`${formatCount(credits.data.totalPurchased)} purchased · ${formatCount(credits.data.totalUsed)} used`}
              Icon={Coins}
            />
          </div>
        )}
      </div>
    </div>
  );
}
