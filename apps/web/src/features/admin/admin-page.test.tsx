import { ADMIN_TEXTS } from '@conduit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  makeAdmin,
  makeAdminDashboard,
  makeAdminUsers,
  makeAuditEntry,
  makeFeatures,
  makeHealth,
  makeRevenue,
  monthAgo,
} from '../../test/admin-fixtures.ts';
import {
  type ApiRoutes,
  errorReply,
  failingUntilRecovered,
  makeUser,
  mockApi,
  twoPages,
} from '../../test/api-mock.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { formatMonth } from './admin-format.ts';
import { NO_RATINGS } from './features-tab.tsx';

function openAdmin(path = '/admin', routes: ApiRoutes = {}) {
  const api = mockApi({
    'GET /api/auth/me': { body: { user: makeAdmin() } },
    'GET /api/admin/dashboard': { body: makeAdminDashboard() },
    'GET /api/admin/users': { body: { users: makeAdminUsers(3), total: 3, nextCursor: null } },
    'GET /api/admin/analytics/revenue': { body: makeRevenue() },
    'GET /api/admin/analytics/features': { body: makeFeatures() },
    'GET /api/admin/system/health': { body: makeHealth() },
    'GET /api/admin/audit-log': { body: { entries: [makeAuditEntry()], nextCursor: null } },
    ...routes,
  });
  const user = userEvent.setup();
  const { router } = renderRoute(path);
  return { api, user, router };
}

const figure = (label: string) => screen.getByRole('region', { name: label });

describe('admin: access', () => {
  it("shows 'Access Denied' / 'Admin access required' and a way to the dashboard to a user", async () => {
    const { api } = openAdmin('/admin', { 'GET /api/auth/me': { body: { user: makeUser() } } });
    expect(await screen.findByRole('heading', { name: ADMIN_TEXTS.accessDenied })).toBeInTheDocument();
    expect(screen.getByText(ADMIN_TEXTS.adminRequired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/app');
    expect(api.calls.filter((call) => call.path.startsWith('/api/admin'))).toEqual([]);
  });
});

describe('admin: overview', () => {
  it('shows users, revenue and system figures, abbreviated with K and M', async () => {
    openAdmin();
    await screen.findByRole('region', { name: 'Total users' });
    expect(figure('Total users')).toHaveTextContent('1.5K');
    expect(within(figure('Total users')).getByText('1.5K')).toHaveAttribute('title', '1,534');
    expect(figure('New users')).toHaveTextContent('120');
    expect(figure('Active users')).toHaveTextContent('999');
    expect(figure('Churn rate')).toHaveTextContent('4.3%');
    expect(figure('Total revenue')).toHaveTextContent('$12.5K');
    expect(figure('Average revenue per user')).toHaveTextContent('$39.99');
    expect(figure('Uptime')).toHaveTextContent('1d 2h');
    expect(figure('Response time')).toHaveTextContent('12 ms');
  });

  it("reads 'Loading Error' / 'Failed to load admin dashboard data', and Retry loads again", async () => {
    const dashboard = failingUntilRecovered(
      makeAdminDashboard(),
      errorReply(500, 'Internal error', 'INTERNAL'),
    );
    const { user } = openAdmin('/admin', { 'GET /api/admin/dashboard': dashboard.reply });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText(ADMIN_TEXTS.loadErrorTitle)).toBeInTheDocument();
    expect(within(alert).getByText(ADMIN_TEXTS.loadError)).toBeInTheDocument();
    dashboard.recover();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Total users' })).toHaveTextContent('1.5K');
  });
});

describe('admin: tabs', () => {
  it('lists the admin tabs; the open tab is in the URL and opening a tab loads its data again', async () => {
    const { api, user, router } = openAdmin();
    const tabs = await screen.findAllByRole('tab');
    // The tabs and their panels are the page's main landmark (the header is not).
    expect(screen.getByRole('main')).toContainElement(tabs[0] as HTMLElement);
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Overview',
      'Users',
      'Teams',
      'Revenue',
      'Features',
      'System Health',
      'Channels',
      'Support',
      'Waitlist',
      'Audit log',
    ]);
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByRole('region', { name: 'Total users' });

    await user.click(screen.getByRole('tab', { name: 'Users' }));
    expect(router.state.location.search).toBe('?tab=users');
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Users' })).toBeInTheDocument();

    const overviewLoads = api.callsTo('GET /api/admin/dashboard').length;
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(router.state.location.search).toBe('');
    await waitFor(() =>
      expect(api.callsTo('GET /api/admin/dashboard').length).toBeGreaterThan(overviewLoads),
    );

    await router.navigate(-1);
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
  });

  it('opens the tab named in the URL, and moves between tabs with the arrow keys', async () => {
    const { user } = openAdmin('/admin?tab=health');
    expect(await screen.findByRole('tab', { name: 'System Health' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(screen.getByRole('tab', { name: 'System Health' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Channels' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Audit log' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('table', { name: 'Audit log' })).toBeInTheDocument();
  });
});

describe('admin: revenue, features, health, audit log', () => {
  it('charts the last six months and lists month, total and growth', async () => {
    openAdmin('/admin?tab=revenue');
    expect(await screen.findByRole('img', { name: /^Revenue by month/ })).toBeInTheDocument();
    const table = within(screen.getByRole('table', { name: 'Revenue by month' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toHaveTextContent(formatMonth(monthAgo(0)));
    expect(rows[0]).toHaveTextContent('$1,500.00');
    expect(rows[0]).toHaveTextContent('+2,043.1%');
    expect(rows[2]).toHaveTextContent('-12.5%');
    expect(rows[3]).toHaveTextContent('+100%');
    expect(rows[4]).toHaveTextContent('No revenue the month before');
    expect(screen.getByText('$1,759.95')).toBeInTheDocument();
  });

  it('shows per service users, actions, rating or "No ratings yet", and the error rate marked good under 5%', async () => {
    openAdmin('/admin?tab=features');
    const table = within(await screen.findByRole('table', { name: 'Feature usage' }));
    const row = (name: string) =>
      within(table.getByRole('cell', { name: new RegExp(name) }).closest('tr') as HTMLElement);
    expect(row('Image generation').getByText('1.5K')).toBeInTheDocument();
    expect(row('Image generation').getByText('4.3')).toBeInTheDocument();
    expect(row('Image generation').getByText('Good')).toBeInTheDocument();
    expect(row('Video generation').getByText(NO_RATINGS)).toBeInTheDocument();
    expect(row('Video generation').getByText('High')).toBeInTheDocument();
    expect(row('LinkedIn scraping').getByText('2.5M')).toBeInTheDocument();
    expect(row('LinkedIn scraping').getByText('Good')).toBeInTheDocument();
  });

  it('shows status, uptime, response time, error rate (good under 1%) and each check', async () => {
    openAdmin('/admin?tab=health', {
      'GET /api/admin/system/health': { body: makeHealth({ errorRate: 1 }) },
    });
    const errorRate = await screen.findByRole('region', { name: 'Error rate' });
    expect(errorRate).toHaveTextContent('1%');
    expect(within(errorRate).getByText('High')).toBeInTheDocument();
    expect(figure('Status')).toHaveTextContent('Degraded');
    expect(figure('Status')).toHaveTextContent('1 of 3 checks OK');
    expect(figure('Uptime')).toHaveTextContent('1h 1m');
    const checks = within(screen.getByRole('region', { name: 'Checks' }));
    const check = (name: string) =>
      within(checks.getByRole('heading', { name }).closest('li') as HTMLElement);
    expect(check('Database').getByText('OK')).toBeInTheDocument();
    expect(check('Job queue').getByText('Warning')).toBeInTheDocument();
    expect(check('Job queue').getByText('1,200 jobs waiting')).toBeInTheDocument();
    expect(check('Ledger').getByText('Failing')).toBeInTheDocument();
  });

  it('lists audit entries newest first and loads more on the cursor', async () => {
    const { api, user } = openAdmin('/admin?tab=audit', {
      'GET /api/admin/audit-log': twoPages(
        { entries: [makeAuditEntry()] },
        { entries: [makeAuditEntry({ id: 'aud_0', action: 'user.invited', details: {} })] },
        'next',
      ),
    });
    const table = within(await screen.findByRole('table', { name: 'Audit log' }));
    expect(table.getByText('Credits adjusted')).toBeInTheDocument();
    expect(table.getByText('Goodwill')).toBeInTheDocument();
    expect(table.getAllByText('user1@example.com')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await table.findByText('User invited')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/audit-log').at(-1)?.search).toBe('?limit=50&cursor=next');
  });
});
