import { ROUTES, TEST_MODE_TEXTS } from '@conduit/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorReply, makeUser, mockApi } from '../../test/api-mock.ts';
import { makeDashboard } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { BUY_CREDITS_LABEL } from './balance-chip.tsx';
import { LOW_BALANCE_TITLE } from './low-balance-banner.tsx';

describe('signed-in area', () => {
  it("shows the user's initial, local part and email in the sidebar, and signs out even if the call fails", async () => {
    let isSignedIn = true;
    const api = mockApi({
      'GET /api/auth/me': () =>
        isSignedIn
          ? { body: { user: makeUser({ email: 'grace@example.com' }) } }
          : errorReply(401, 'Not signed in', 'UNAUTHORIZED'),
      'POST /api/auth/logout': () => {
        isSignedIn = false;
        return { status: 503, body: null };
      },
    });
    const user = userEvent.setup();
    const { router } = renderRoute('/app/support');
    const sidebar = within(await screen.findByRole('complementary'));
    expect(sidebar.getByText('grace')).toBeInTheDocument();
    expect(sidebar.getByText('grace@example.com')).toBeInTheDocument();
    expect(sidebar.getByText('G')).toBeInTheDocument();

    await user.click(sidebar.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});

describe('app layout: top bar, banner and sidebar', () => {
  function openApp(path: string, { balance = 1250, role = 'user' as 'user' | 'admin' } = {}) {
    mockApi({
      'GET /api/auth/me': { body: { user: makeUser({ role }) } },
      'GET /api/dashboard': {
        body: { ...makeDashboard(), credits: { ...makeDashboard().credits, balance } },
      },
      'GET /api/usage': { body: { items: [], nextCursor: null } },
    });
    const view = renderRoute(path);
    return { ...view, user: userEvent.setup() };
  }

  it('shows the balance with "Buy credits" and the page title in the top bar', async () => {
    openApp('/app/support');
    const bar = within(await screen.findByRole('banner'));
    expect(await bar.findByText('1,250')).toBeInTheDocument();
    expect(bar.getByRole('link', { name: BUY_CREDITS_LABEL })).toHaveAttribute('href', ROUTES.appCredits);
    expect(await bar.findByText('Support')).toBeInTheDocument();
  });

  it('warns under 10 credits on every page but the credits page', async () => {
    const { router } = openApp('/app', { balance: 9 });
    const banner = await screen.findByRole('region', { name: LOW_BALANCE_TITLE });
    expect(banner).toHaveTextContent('9 credits left');
    expect(within(banner).getByRole('link', { name: 'Buy credits' })).toHaveAttribute(
      'href',
      ROUTES.appCredits,
    );
    await act(() => router.navigate(ROUTES.appCredits));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: LOW_BALANCE_TITLE })).not.toBeInTheDocument(),
    );
  });

  it('says nothing at 10 credits', async () => {
    openApp('/app', { balance: 10 });
    await screen.findByRole('region', { name: 'Credits balance' });
    expect(screen.queryByRole('region', { name: LOW_BALANCE_TITLE })).not.toBeInTheDocument();
  });

  it('offers the admin area to admins only', async () => {
    openApp('/app/support', { role: 'admin' });
    const nav = within(await screen.findByRole('navigation', { name: 'Dashboard' }));
    expect(nav.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', ROUTES.admin);
    cleanup();
    openApp('/app/support');
    const userNav = within(await screen.findByRole('navigation', { name: 'Dashboard' }));
    expect(userNav.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('moves the focus into the opened phone sidebar, and Escape closes it with the focus back on its button', async () => {
    const { user } = openApp('/app/support');
    const toggle = await screen.findByRole('button', { name: 'Toggle navigation' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('has "View test data" in the top bar and, for phones, in the sidebar: either one turns the test-mode banner on', async () => {
    const { user } = openApp('/app/support');
    const bar = within(await screen.findByRole('banner'));
    const sidebar = within(screen.getByRole('complementary'));
    // CSS shows one of the two per size (jsdom applies none, so both are here).
    expect(bar.getByRole('switch', { name: TEST_MODE_TEXTS.switchLabel })).not.toBeChecked();
    await user.click(sidebar.getByRole('switch', { name: TEST_MODE_TEXTS.switchLabel }));
    expect(await screen.findByText(TEST_MODE_TEXTS.banner)).toBeInTheDocument();
    expect(bar.getByRole('switch', { name: TEST_MODE_TEXTS.switchLabel })).toBeChecked();
    await user.click(bar.getByRole('switch', { name: TEST_MODE_TEXTS.switchLabel }));
    await waitFor(() => expect(screen.queryByText(TEST_MODE_TEXTS.banner)).not.toBeInTheDocument());
  });
});
