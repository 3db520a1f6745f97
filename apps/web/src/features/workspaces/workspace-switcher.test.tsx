import { PRODUCT_NAME, TEAM_TEXTS } from '@conduit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock.ts';
import { makeCredits } from '../../test/credit-fixtures.ts';
import { makeDashboard, makeKeysResponse } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { makeWorkspaces, TEAM_ID } from '../../test/team-fixtures.ts';
import { notAvailableTitle } from '../app-shell/role-gate.tsx';

function openApp(path: string, role: Parameters<typeof makeWorkspaces>[0] = null) {
  let workspaces = makeWorkspaces(role);
  const api = mockApi({
    'GET /api/auth/me': { body: { user: makeUser() } },
    'GET /api/workspaces': () => ({ body: workspaces }),
    'PUT /api/workspaces/current': (call) => {
      const picked = (call.body as { workspaceId: string }).workspaceId;
      workspaces = makeWorkspaces(picked === TEAM_ID ? 'developer' : null);
      return { body: { message: TEAM_TEXTS.switched } };
    },
    'GET /api/dashboard': { body: makeDashboard() },
    'GET /api/usage': { body: { items: [], nextCursor: null } },
    'GET /api/keys': { body: makeKeysResponse() },
    'POST /api/teams': {
      status: 201,
      body: { team: { id: TEAM_ID, name: 'Acme' }, message: TEAM_TEXTS.created },
    },
  });
  const view = renderRoute(path);
  return { ...view, api, user: userEvent.setup() };
}

/** The app's sidebar (the dashboard page has asides of its own). */
const sidebar = () => within(document.getElementById('app-sidebar') as HTMLElement);

describe('workspace switcher', () => {
  it('shows the workspace in use, lists the others with roles, and switches in place, reloading the data', async () => {
    const { api, user, router } = openApp('/app/api-keys');
    expect(await screen.findByTestId('current-workspace')).toHaveTextContent('Personal');
    const toggle = sidebar().getByRole('button', { name: /Switch workspace/ });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = within(sidebar().getByRole('list', { name: 'Workspaces' }));
    expect(list.getByRole('button', { name: /Personal/ })).toHaveAttribute('aria-current', 'true');
    expect(list.getByRole('button', { name: /Acme/ })).toHaveTextContent('Owner');

    const keyLoads = api.callsTo('GET /api/keys').length;
    await user.click(list.getByRole('button', { name: /Acme/ }));
    await waitFor(() => expect(screen.getByTestId('current-workspace')).toHaveTextContent('Acme'));
    expect(api.callsTo('PUT /api/workspaces/current').map((call) => call.body)).toEqual([
      { workspaceId: TEAM_ID },
    ]);
    expect(sidebar().getByText('Developer')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/keys').length).toBeGreaterThan(keyLoads));
    expect(router.state.location.pathname).toBe('/app/api-keys');
    expect(await screen.findByText(TEAM_TEXTS.switched)).toBeInTheDocument();
  });

  it('creates a team from the switcher, validating the fields first', async () => {
    const { api, user, router } = openApp('/app');
    await user.click(await screen.findByRole('button', { name: /Switch workspace/ }));
    await user.click(sidebar().getByRole('button', { name: 'Create team' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a team' }));
    await user.type(dialog.getByLabelText('Billing email (optional)'), 'nope');
    await user.click(dialog.getByRole('button', { name: 'Create team' }));
    expect(dialog.getByText(TEAM_TEXTS.nameRequired)).toBeInTheDocument();
    expect(dialog.getByText(TEAM_TEXTS.emailInvalid)).toBeInTheDocument();
    expect(api.callsTo('POST /api/teams')).toHaveLength(0);

    await user.type(dialog.getByLabelText('Team name'), '  Acme ');
    await user.clear(dialog.getByLabelText('Billing email (optional)'));
    await user.click(dialog.getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/team'));
    expect(api.callsTo('POST /api/teams')[0]?.body).toEqual({ name: 'Acme', billingEmail: null });
    expect(api.callsTo('PUT /api/workspaces/current')[0]?.body).toEqual({ workspaceId: TEAM_ID });
  });

  it('hides what a billing member cannot use, and a page opened anyway says why without loading it', async () => {
    const { api } = openApp('/app/api-keys', 'billing');
    expect(await screen.findByText(TEAM_TEXTS.roleForbidden('billing'))).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(nav.queryByRole('link', { name: 'API Keys' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Playground' })).not.toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Credits' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Team' })).toBeInTheDocument();
    // Every role opens the Webhooks page: billing members set the endpoint for balance.low.
    expect(nav.getByRole('link', { name: 'Webhooks' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/keys')).toHaveLength(0);
    // The tab names the page it cannot show, not the landing.
    expect(document.title).toBe(`${notAvailableTitle('API Keys')} - ${PRODUCT_NAME}`);
  });

  it('keeps every page for a developer', async () => {
    openApp('/app/api-keys', 'developer');
    expect(await screen.findByRole('heading', { level: 1, name: 'API Keys' })).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(nav.getByRole('link', { name: 'API Keys' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Playground' })).toBeInTheDocument();
  });
});

describe('credits page by role', () => {
  it('shows a developer the balance and costs but no pack picker or purchases, and loads no purchases', async () => {
    const { api } = openCredits('developer');
    expect(await screen.findByText(/Owners, admins and billing members buy credits/)).toHaveTextContent(
      TEAM_TEXTS.roleForbidden('developer'),
    );
    expect(screen.queryByRole('radio', { name: /Developer/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/payments')).toHaveLength(0);
  });
});

function openCredits(role: Parameters<typeof makeWorkspaces>[0]) {
  const api = mockApi({
    'GET /api/auth/me': { body: { user: makeUser() } },
    'GET /api/workspaces': { body: makeWorkspaces(role) },
    'GET /api/dashboard': { body: makeDashboard() },
    'GET /api/credits': { body: makeCredits() },
    'GET /api/payments': { body: { payments: [] } },
  });
  renderRoute('/app/credits');
  return { api };
}
