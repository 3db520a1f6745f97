import { MESSAGES } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { QueryContent } from '../../components/ui/query-content.tsx';
import { DashboardShapeSkeleton, LoadingSkeleton } from '../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useAppUser } from '../app-shell/use-app-user.ts';
import { emailLocalPart } from '../auth/session-user.ts';
import { dashboardQuery } from '../usage/dashboard-queries.ts';
import { useWorkspace } from '../workspaces/use-workspace.ts';
import { BillingActions } from './billing-actions.tsx';
import { DashboardStats } from './dashboard-stats.tsx';
import { DevelopmentEngineNotice } from './development-engine-notice.tsx';
import { GettingStarted } from './getting-started.tsx';
import { greetingFor } from './greeting.ts';
import { MetadataUsage } from './metadata-usage.tsx';
import { ModelUsageTable } from './model-usage.tsx';
import { RecentCalls } from './recent-calls.tsx';
import { ServiceUsage } from './service-usage.tsx';
import { UsageChartSection } from './usage-chart-section.tsx';

function DashboardSkeleton() {
  return (
    <LoadingSkeleton className="space-y-10">
      <DashboardShapeSkeleton chartClassName="h-72 rounded-2xl" />
    </LoadingSkeleton>
  );
}

/**
 * /app: greeting, the getting-started steps of a new account, the stat cards, the 30-day chart,
 * usage per service and per model (docs/product.md, "Signed-in area"), then recent calls. Each role sees
 * what it can use: a member without keys (billing) gets billing actions instead of the steps,
 * credits spent instead of active keys, and no call list.
 */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const user = useAppUser();
  const dashboard = useQuery(dashboardQuery);
  // Billing members see spend (totals and per day), never the calls, their keys or results.
  // The list waits for the role, so a billing member's browser never asks for it.
  const workspace = useWorkspace();
  const showsCalls = workspace.allows('useCalls');
  // The page waits for the role too, so a billing member never sees the key steps flash by.
  const showsKeys = workspace.allows('useKeys');

  return (
    <div className="max-w-6xl space-y-10">
      <div>
        <h1 className="font-semibold text-2xl text-fg tracking-tight">
          {greetingFor(new Date())}, {emailLocalPart(user.email)}
        </h1>
        <p className="mt-1 text-muted">Here is where your account stands.</p>
      </div>
      <QueryContent
        query={dashboard}
        failedText={MESSAGES.dashboardLoadFailed}
        loading={<DashboardSkeleton />}
      >
        {(data) =>
          workspace.query.isPending ? (
            <DashboardSkeleton />
          ) : (
            <>
              {showsKeys ? (
                <GettingStarted
                  isVerified={user.emailVerified}
                  done={data.gettingStarted}
                  canBuy={workspace.can('buyCredits')}
                />
              ) : (
                workspace.can('buyCredits') && <BillingActions />
              )}
              <DevelopmentEngineNotice engine={data.engine} />
              <DashboardStats dashboard={data} showsKeys={showsKeys} />
              <UsageChartSection />
              <ServiceUsage dashboard={data} />
              <ModelUsageTable rows={data.usage.last30Days.byModel} />
              <MetadataUsage />
            </>
          )
        }
      </QueryContent>
      {showsCalls && <RecentCalls />}
    </div>
  );
}
