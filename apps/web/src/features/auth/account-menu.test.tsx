import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorReply, makeUser, mockApi } from '../../test/api-mock.ts';
import { makeCredits } from '../../test/credit-fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';

const signedIn = (overrides = {}) => ({
  'GET /api/auth/me': { body: { user: makeUser({ name: 'Ada Lovelace', ...overrides }) } },
});

/** The landing page for a visitor, once it has asked who is signed in (nobody). */
async function openLandingSignedOut() {
  const api = mockApi();
  const user = userEvent.setup();
  renderRoute('/');
  await waitFor(() => expect(api.callsTo('GET /api/auth/session')).not.toHaveLength(0));
  return user;
}

describe('signed-in header', () => {
  it('swaps Sign in and Get started for the account menu', async () => {
    mockApi(signedIn());
    renderRoute('/');
    const toggle = await screen.findByRole('button', { name: 'Account menu' });
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get started' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveTextContent('A');
  });

  it('shows name, email, Dashboard and Sign out; closes on Escape and on an outside click', async () => {
    mockApi(signedIn({ avatar: 'https://example.com/ada.png' }));
    const user = userEvent.setup();
    renderRoute('/');
    const toggle = await screen.findByRole('button', { name: 'Account menu' });
    expect(toggle.querySelector('img')).toHaveAttribute('src', 'https://example.com/ada.png');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = within(screen.getByRole('menu', { name: 'Ada Lovelace' }));
    expect(menu.getByText('Ada Lovelace')).toBeVisible();
    expect(menu.getByText('ada@example.com')).toBeVisible();
    const dashboard = menu.getByRole('menuitem', { name: 'Dashboard' });
    expect(dashboard).toHaveAttribute('href', '/app');
    expect(dashboard).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(menu.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(dashboard).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(toggle);
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('signs out even when the call fails, and shows the signed-out header', async () => {
    let isSignedIn = true;
    const api = mockApi({
      'GET /api/auth/me': () =>
        isSignedIn ? { body: { user: makeUser() } } : errorReply(401, 'Not signed in', 'UNAUTHORIZED'),
      'POST /api/auth/logout': () => {
        isSignedIn = false;
        return errorReply(500, 'Internal error', 'INTERNAL');
      },
    });
    const user = userEvent.setup();
    renderRoute('/');
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1);
  });

  it('sends a signed-in user from a pricing plan to /app/credits with that pack chosen', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/credits': { body: makeCredits() },
      'GET /api/payments': { body: { payments: [] } },
    });
    const user = userEvent.setup();
    const { router } = renderRoute('/');
    await screen.findByRole('button', { name: 'Account menu' });
    await user.click(screen.getByRole('button', { name: 'Get Pro' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/credits'));
    expect(router.state.location.search).toBe('?pack=pro');
    expect(await screen.findByRole('button', { name: 'Pay $69.99' })).toBeInTheDocument();
  });

  it('sends a visitor from a pricing plan to the sign-up modal', async () => {
    const user = await openLandingSignedOut();
    await user.click(screen.getByRole('button', { name: 'Get Pro' }));
    expect(await screen.findByRole('dialog', { name: 'Create your account' })).toBeInTheDocument();
  });

  it('opens sign-up from the hero for a visitor', async () => {
    const user = await openLandingSignedOut();
    await user.click(screen.getAllByRole('button', { name: 'Get started free' })[0] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Create your account' })).toBeInTheDocument();
  });
});
