import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, errorReply, makeUser, mockApi, type Reply } from '../../test/api-mock.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { createThemeBootScript } from '../theme/theme-boot-script.ts';
import { SESSION_HINT_KEY } from './session-hint.ts';

const pendingMarker = () => screen.getByRole('button', { name: 'Sign in' }).closest('[data-session-pending]');

describe('landing header: no sign-in flash for a signed-in visitor', () => {
  it('the boot script marks <html> from the hint before any script of the app runs', () => {
    window.localStorage.setItem(SESSION_HINT_KEY, '1');
    new Function(createThemeBootScript())();
    expect(document.documentElement.dataset.session).toBe('signed-in');
    window.localStorage.removeItem(SESSION_HINT_KEY);
    delete document.documentElement.dataset.session;
    new Function(createThemeBootScript())();
    expect(document.documentElement.dataset.session).toBeUndefined();
  });

  it('keeps the buttons marked pending until the session is known, then shows them and drops a stale hint', async () => {
    window.localStorage.setItem(SESSION_HINT_KEY, '1');
    document.documentElement.dataset.session = 'signed-in';
    const me = deferred<Reply>();
    mockApi({ 'GET /api/auth/me': () => me.promise });
    renderRoute('/');
    expect(pendingMarker()).not.toBeNull();
    me.resolve(errorReply(401, 'Not signed in', 'UNAUTHORIZED'));
    await waitFor(() => expect(pendingMarker()).toBeNull());
    expect(window.localStorage.getItem(SESSION_HINT_KEY)).toBeNull();
    expect(document.documentElement.dataset.session).toBeUndefined();
  });

  it('remembers a signed-in session for the next visit', async () => {
    mockApi({ 'GET /api/auth/me': { body: { user: makeUser() } } });
    renderRoute('/');
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(window.localStorage.getItem(SESSION_HINT_KEY)).toBe('1');
    expect(document.documentElement.dataset.session).toBe('signed-in');
  });
});
