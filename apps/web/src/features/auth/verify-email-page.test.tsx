import {
  AUTH_ERROR_TEXTS as E,
  AUTH_SERVER_MESSAGES as M,
  VERIFY_REDIRECT_MS,
  VERIFY_REFRESH_MS,
} from '@conduit/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferred, errorReply, makeUser, mockApi, type Reply } from '../../test/api-mock.ts';
import { expectNoTokenPage } from '../../test/auth-helpers.tsx';
import { renderRoute } from '../../test/render-route.tsx';

const PATH = '/auth/verify-email?token=tok_123';

describe('email verification page', () => {
  it('says so at once when the link has no token, without calling the server', async () => {
    await expectNoTokenPage(
      '/auth/verify-email',
      'Verification failed',
      E.noToken,
      'GET /api/auth/verify-email',
    );
  });

  it('shows verifying, then success; refreshes the user after 0.5 s and opens /app after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pending = deferred<Reply>();
    let isSignedIn = false;
    const api = mockApi({
      'GET /api/auth/verify-email': () => pending.promise,
      'GET /api/auth/me': () =>
        isSignedIn ? { body: { user: makeUser() } } : errorReply(401, 'Not signed in', 'UNAUTHORIZED'),
    });
    const { router } = renderRoute(PATH);
    expect(await screen.findByText('Verifying your email...')).toBeInTheDocument();

    isSignedIn = true;
    pending.resolve({ body: { message: M.verified, alreadyVerified: false, creditsGranted: 20 } });
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByText(M.verified)).toBeInTheDocument();
    // StrictMode mounts the page twice; the single-use token is spent once.
    expect(api.callsTo('GET /api/auth/verify-email')).toHaveLength(1);
    expect(api.callsTo('GET /api/auth/verify-email')[0]?.search).toBe('?token=tok_123');

    const meCallsBefore = api.callsTo('GET /api/auth/session').length;
    await act(() => vi.advanceTimersByTimeAsync(VERIFY_REFRESH_MS - 100));
    expect(api.callsTo('GET /api/auth/session')).toHaveLength(meCallsBefore);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(api.callsTo('GET /api/auth/session').length).toBeGreaterThan(meCallsBefore);
    expect(router.state.location.pathname).toBe('/auth/verify-email');

    await act(() => vi.advanceTimersByTimeAsync(VERIFY_REDIRECT_MS - VERIFY_REFRESH_MS - 200));
    expect(router.state.location.pathname).toBe('/auth/verify-email');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
  });

  it('treats an already verified address as success', async () => {
    mockApi({
      'GET /api/auth/verify-email': {
        body: { message: M.alreadyVerified, alreadyVerified: true, creditsGranted: 0 },
      },
    });
    renderRoute(PATH);
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByText(M.alreadyVerified)).toBeInTheDocument();
  });

  it("shows one error line for a bad link, not the server's own words as well", async () => {
    const api = mockApi({ 'GET /api/auth/verify-email': errorReply(400, M.invalidToken) });
    const { router } = renderRoute(PATH);
    const heading = await screen.findByRole('heading', { name: 'Verification failed' });
    const outcome = heading.closest('section') as HTMLElement;
    expect([...outcome.querySelectorAll('p')].map((line) => line.textContent)).toEqual([E.verifyFailed]);
    expect(screen.queryByText(M.invalidToken)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(api.callsTo('GET /api/auth/verify-email')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/auth/verify-email');
  });
});
