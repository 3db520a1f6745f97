import { ADMIN_TABS, type AdminTab } from '@conduit/contracts';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { ComponentType } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { TabPanel } from '../../components/ui/tab-list.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { RequireAuth } from '../auth/require-auth.tsx';
import { isAdmin, type SessionUser } from '../auth/session-user.ts';
import { AccessDenied } from './access-denied.tsx';
import { ADMIN_QUERY_KEY, refreshAdminData } from './admin-api.ts';
import { AdminHeader } from './admin-header.tsx';
import { ADMIN_TAB_IDS, AdminTabs } from './admin-tabs.tsx';
import { AuditTab } from './audit-tab.tsx';
import { ChannelsTab } from './channels-tab.tsx';
import { FeaturesTab } from './features-tab.tsx';
import { HealthTab } from './health-tab.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { RevenueTab } from './revenue-tab.tsx';
import { SupportTab } from './support-tab.tsx';
import { TeamsTab } from './teams-tab.tsx';
import { useAdminTab } from './use-admin-tab.ts';
import { UsersTab } from './users-tab.tsx';
import { WaitlistTab } from './waitlist-tab.tsx';

export const ADMIN_TITLE = 'Admin dashboard';

/**
 * Each tab's panel. Only the open one is mounted, so opening a tab loads its data again
 * (docs/product.md, "States and transitions").
 */
const PANELS: Record<AdminTab, ComponentType> = {
  overview: OverviewTab,
  users: UsersTab,
  teams: TeamsTab,
  revenue: RevenueTab,
  features: FeaturesTab,
  health: HealthTab,
  channels: ChannelsTab,
  support: SupportTab,
  waitlist: WaitlistTab,
  audit: AuditTab,
};

function AdminHome({ user }: { user: SessionUser }) {
  useDocumentTitle('Admin');
  const queryClient = useQueryClient();
  const { active, select } = useAdminTab(ADMIN_TABS);
  const isFetching = useIsFetching({ queryKey: ADMIN_QUERY_KEY }) > 0;
  const Panel = PANELS[active];

  return (
    <div className="min-h-dvh">
      <AdminHeader user={user} />
      <main id="main">
        <Container className="py-8">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <PageTitle
              title={ADMIN_TITLE}
              lead="Users, teams, revenue, feature analytics and system health, from live data."
            />
            <Button
              variant="secondary"
              size="sm"
              disabled={isFetching}
              onClick={() => void refreshAdminData(queryClient)}
            >
              <RefreshCw
                aria-hidden="true"
                className={`size-4 ${isFetching ? 'animate-spin motion-reduce:animate-none' : ''}`}
              />
              {isFetching ? 'Refreshing...' : 'Refresh'}
            </Button>
          </div>
          <div className="mt-6">
            <AdminTabs tabs={ADMIN_TABS} active={active} onSelect={select} />
          </div>
          <TabPanel ids={ADMIN_TAB_IDS} tab={active} className="mt-6 rounded-lg outline-offset-4">
            <Panel key={active} />
          </TabPanel>
        </Container>
      </main>
    </div>
  );
}

/**
 * /admin: signed-in admins and super admins only (docs/product.md, "Roles and permissions"); others
 * read 'Access Denied'.
 */
export function AdminPage() {
  return (
    <RequireAuth>{(user) => (isAdmin(user) ? <AdminHome user={user} /> : <AccessDenied />)}</RequireAuth>
  );
}
