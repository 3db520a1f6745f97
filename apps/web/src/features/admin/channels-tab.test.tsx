import type { AdminChannel, AdminKieAccount } from '@conduit/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAdmin } from '../../test/admin-fixtures.ts';
import { mockApi } from '../../test/api-mock.ts';
import { renderRoute } from '../../test/render-route.tsx';

const FAL_VIDEO: AdminChannel = {
  id: 'fal:video',
  service: 'video',
  upstream: 'fal',
  enabled: true,
  priority: 20,
  calls: 0,
  errorRate: 0,
  p50Ms: null,
  p95Ms: null,
  circuit: 'closed',
  consecutiveFailures: 0,
  upstreamBalance: null,
  marginFloorPercent: 0,
};

describe('admin: the channels table', () => {
  it("sets a fallback's margin floor and says what changed", async () => {
    let current = FAL_VIDEO;
    const api = mockApi({
      'GET /api/auth/me': { body: { user: makeAdmin() } },
      'GET /api/admin/channels': () => ({ body: { channels: [current], kieAccounts: [] } }),
      'GET /api/admin/models': { body: { models: [] } },
      'PATCH /api/admin/channels/fal%3Avideo': ({ body }) => {
        current = { ...current, ...(body as Partial<AdminChannel>) };
        return { body: { channel: current } };
      },
    });
    const user = userEvent.setup();
    renderRoute('/admin?tab=channels');
    const table = within(await screen.findByRole('table', { name: 'Upstream channels' }));
    const floor = table.getByRole('spinbutton', { name: 'Video generation on fal margin floor (percent)' });
    await user.clear(floor);
    await user.type(floor, '25');
    await user.tab();
    expect(
      await screen.findByText('Video generation on fal: on, priority 20, margin floor 25%.'),
    ).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/admin/channels/fal%3Avideo').map((call) => call.body)).toEqual([
      { marginFloorPercent: 25 },
    ]);
  });
});

describe('admin: the kie.ai accounts', () => {
  const account = (overrides: Partial<AdminKieAccount>): AdminKieAccount => ({
    id: 'k1a2b3c4d',
    label: '#1',
    paceUsed: 7,
    paceLimit: 20,
    balance: 5_000,
    state: 'active',
    setAsideReason: null,
    setAsideAt: null,
    ...overrides,
  });

  it("shows each account's pace use, balance and state, and re-enables one set aside", async () => {
    let accounts = [
      account({}),
      account({
        id: 'k9f8e7d6c',
        label: '#2',
        paceUsed: 0,
        balance: 0,
        state: 'set_aside',
        setAsideReason: 'kie.ai account #2 (k9f8e7d6c) answered 402: Credits insufficient',
        setAsideAt: '2026-12-07T10:00:00.000Z',
      }),
    ];
    const api = mockApi({
      'GET /api/auth/me': { body: { user: makeAdmin() } },
      'GET /api/admin/channels': () => ({ body: { channels: [FAL_VIDEO], kieAccounts: accounts } }),
      'GET /api/admin/models': { body: { models: [] } },
      'PATCH /api/admin/kie-accounts/k9f8e7d6c': () => {
        accounts = accounts.map((a) =>
          a.id === 'k9f8e7d6c' ? { ...a, state: 'active', setAsideReason: null, setAsideAt: null } : a,
        );
        return { body: { account: accounts[1] } };
      },
    });
    const user = userEvent.setup();
    renderRoute('/admin?tab=channels');
    const table = within(await screen.findByRole('table', { name: 'kie.ai accounts' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/#1.*7 \/ 20.*5,000.*active/),
      expect.stringMatching(/#2.*0 \/ 20.*0.*set aside: kie\.ai account #2 \(k9f8e7d6c\) answered 402/),
    ]);
    await user.click(table.getByRole('button', { name: 'Re-enable kie.ai account #2' }));
    expect(await screen.findByText('kie.ai account #2: serving new tasks.')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/admin/kie-accounts/k9f8e7d6c').map((call) => call.body)).toEqual([
      { active: true },
    ]);
    expect(
      await within(await screen.findByRole('table', { name: 'kie.ai accounts' })).findByRole('button', {
        name: 'Set aside kie.ai account #2',
      }),
    ).toBeInTheDocument();
  });

  it('shows no accounts table with the local engine', async () => {
    mockApi({
      'GET /api/auth/me': { body: { user: makeAdmin() } },
      'GET /api/admin/channels': { body: { channels: [FAL_VIDEO], kieAccounts: [] } },
      'GET /api/admin/models': { body: { models: [] } },
    });
    renderRoute('/admin?tab=channels');
    await screen.findByRole('table', { name: 'Upstream channels' });
    expect(screen.queryByRole('table', { name: 'kie.ai accounts' })).not.toBeInTheDocument();
  });
});
