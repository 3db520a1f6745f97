import { MESSAGES } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../components/ui/load-error.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useAppUser } from '../app-shell/use-app-user.ts';
import { emailLocalPart } from '../auth/session-user.ts';
import { dashboardQuery } from './dashboard-queries.ts';
import { DashboardStats } from './dashboard-stats.tsx';
import { DevelopmentEngineNotice } from './development-engine-notice.tsx';
import { greetingFor } from './greeting.ts';
import { RecentCalls } from './recent-calls.tsx';
import { ServiceUsage } from './service-usage.tsx';

/**
 * /app: greeting, the stat cards and 30-day usage per service (docs/product.md, "Signed-in area"),
 * then recent calls.
 */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const user = useAppUser();
  const dashboard = useQuery(dashboardQuery);

  return (
    <div className="max-w-6xl space-y-10">
      <div>
        <h1 className="font-semibold text-2xl text-fg tracking-tight">
          {greetingFor(new Date())}, {emailLocalPart(user.email)}
        </h1>
        <p className="mt-1 text-muted">Here is where your account stands.</p>
      </div>
      {dashboard.isPending ? (
        <p role="status" className="text-muted">
          {MESSAGES.loading}
        </p>
      ) : dashboard.isError ? (
        <LoadError
          message={MESSAGES.dashboardLoadFailed}
          onRetry={() => void dashboard.refetch()}
          isRetrying={dashboard.isFetching}
        />
      ) : (
        <>
          <DevelopmentEngineNotice engine={dashboard.data.engine} />
          <DashboardStats dashboard={dashboard.data} />
          <ServiceUsage dashboard={dashboard.data} />
        </>
      )}
      <RecentCalls />
    </div>
  );
}
