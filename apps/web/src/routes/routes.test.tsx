import { MESSAGES } from '@conduit/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, mockApi } from '../test/api-mock.ts';
import { makeKeysResponse } from '../test/fixtures.ts';
import { renderRoute, stubFetchResponse } from '../test/render-route.tsx';

const LANDING_HEADING = /AI media and profile data/;

describe('routes', () => {
  it('redirects an unknown path to the landing page', async () => {
    const { router } = renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: LANDING_HEADING })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-out visitor of /app back to the landing page', async () => {
    vi.stubGlobal('fetch', stubFetchResponse(401, { error: 'Not signed in', code: 'UNAUTHORIZED' }));
    const { router } = renderRoute('/app/credits');
    expect(await screen.findByRole('heading', { level: 1, name: LANDING_HEADING })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows Loading... while the session is checked, then the page', async () => {
    // The session check answers only once Loading... has been seen, so the test cannot race it.
    let answerSession = () => {};
    const sessionChecked = new Promise<void>((resolve) => {
      answerSession = resolve;
    });
    mockApi({
      'GET /api/auth/me': async () => {
        await sessionChecked;
        return { body: { user: makeUser() } };
      },
      'GET /api/keys': { body: makeKeysResponse() },
    });
    renderRoute('/app/api-keys');
    // Asserted where it is found: the route's own loading frame may replace the first one at once.
    await waitFor(() => expect(screen.getByText(MESSAGES.loading)).toBeInTheDocument());
    answerSession();
    expect(await screen.findByRole('heading', { level: 1, name: 'API Keys' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });

  it('denies /admin to a user without an admin role', async () => {
    vi.stubGlobal('fetch', stubFetchResponse(200, { user: makeUser() }));
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { name: MESSAGES.accessDenied })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.adminRequired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/app');
  });

  it('opens /admin for a super admin', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetchResponse(200, { user: makeUser({ email: 'root@example.com', role: 'super_admin' }) }),
    );
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
  });

  it('renders the legal pages inside the site layout', async () => {
    renderRoute('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText('November 22, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('keeps a signed-out visitor on the landing page after a failed session check', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const { router } = renderRoute('/app');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
