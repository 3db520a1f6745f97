import type { AdminTeam } from '@conduit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAdmin, makeAdminDashboard } from '../../test/admin-fixtures.ts';
import { type ApiRoutes, mockApi, rowsInTwoPages } from '../../test/api-mock.ts';
import { renderRoute } from '../../test/render-route.tsx';

const makeTeams = (count: number, from = 1): AdminTeam[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `wsp_${from + index}`,
    name: `Team ${from + index}`,
    billingEmail: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    tier: 'pro',
    balance: 1200 + index,
    members: [
      { email: `owner${from + index}@example.com`, role: 'owner' },
      { email: `dev${from + index}@example.com`, role: 'developer' },
    ],
    activeKeys: 2,
    calls30d: 3400,
    credits30d: 5600,
  }));

function openTeams(routes: ApiRoutes = {}) {
  const api = mockApi({
    'GET /api/auth/me': { body: { user: makeAdmin() } },
    ...routes,
  });
  renderRoute('/admin?tab=teams');
  return { api, user: userEvent.setup() };
}

const namesShown = () =>
  within(screen.getByRole('table', { name: 'Teams' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td span.font-medium')?.textContent);

describe('admin teams tab', () => {
  it('lists teams with members and roles, balance, keys and 30-day use, ten a page, asking for more on the cursor', async () => {
    const { api, user } = openTeams({
      'GET /api/admin/teams': rowsInTwoPages('teams', makeTeams, 10, 14),
    });
    const table = await screen.findByRole('table', { name: 'Teams' });
    expect(namesShown()).toHaveLength(10);
    const first = within(table).getAllByRole('row')[1];
    for (const text of [
      'Team 1',
      'owner1@example.com Owner',
      'dev1@example.com Developer',
      '1,200',
      '3,400',
      '5,600',
    ]) {
      expect(first).toHaveTextContent(text);
    }
    expect(screen.getByText('Showing 1-10 of 14')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(namesShown()).toEqual(['Team 11', 'Team 12', 'Team 13', 'Team 14']));
    expect(api.callsTo('GET /api/admin/teams').at(-1)?.search).toBe('?limit=100&cursor=c2');
  }, 15_000);

  it('searches on the server once typing pauses', async () => {
    const { api, user } = openTeams({
      'GET /api/admin/teams': ({ search }) =>
        new URLSearchParams(search).get('search')
          ? { body: { teams: [], total: 0, nextCursor: null } }
          : { body: { teams: makeTeams(1), total: 1, nextCursor: null } },
    });
    await screen.findByRole('table', { name: 'Teams' });
    await user.type(screen.getByRole('searchbox', { name: 'Search teams' }), 'zzz');
    expect(await screen.findByText('No teams match "zzz".')).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/teams').at(-1)?.search).toBe('?limit=100&search=zzz');
  });

  it('shows the team figures on the overview', async () => {
    const dashboard = makeAdminDashboard();
    mockApi({
      'GET /api/auth/me': { body: { user: makeAdmin() } },
      'GET /api/admin/dashboard': {
        body: { overview: { ...dashboard.overview, teams: { total: 1234, active: 56 } } },
      },
    });
    renderRoute('/admin');
    expect(await screen.findByRole('region', { name: 'Total teams' })).toHaveTextContent('1.2K');
    expect(screen.getByRole('region', { name: 'Active teams' })).toHaveTextContent('56');
  });
});
