import {
  AUTH_ERROR_TEXTS as E,
  GOOGLE_COMPLETION_REDIRECT_MS,
  AUTH_FORM_TEXTS as T,
} from '@conduit/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock.ts';
import { renderRoute } from '../../test/render-route.tsx';

describe('Google sign-in completion', () => {
  it('fetches the user, announces the sign-in and opens /app after 1 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ 'GET /api/auth/me': { body: { user: makeUser({ name: 'Ada Lovelace', hasGoogle: true }) } } });
    const { router } = renderRoute('/auth/success');
    expect(await screen.findByText(E.completingSignIn)).toBeInTheDocument();
    expect(await screen.findByText(`${T.signedIn} as Ada Lovelace`)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(GOOGLE_COMPLETION_REDIRECT_MS - 200));
    expect(router.state.location.pathname).toBe('/auth/success');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
  });

  it('says "created account" for an account Google just created', async () => {
    const createdAt = new Date(Date.now() - 10_000).toISOString();
    mockApi({ 'GET /api/auth/me': { body: { user: makeUser({ email: 'new@example.com', createdAt }) } } });
    renderRoute('/auth/success');
    expect(await screen.findByText(`Successfully ${T.createdAccount} as new`)).toBeInTheDocument();
  });

  it('goes back to the landing page with an error when no session arrived, then cleans the URL', async () => {
    mockApi();
    const { router } = renderRoute('/auth/success');
    expect(await screen.findByText(E.googleSignInFailed)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getAllByText(E.googleSignInFailed)).toHaveLength(1);
  });
});
