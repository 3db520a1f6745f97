import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorReply, makeUser, mockApi } from '../../test/api-mock.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { authLink, rememberNextPath, safeNextPath, takeNextPath } from './next-path.ts';

describe('safeNextPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeNextPath('/invite/abc123')).toBe('/invite/abc123');
    expect(safeNextPath('/app/credits?pack=developer#history')).toBe('/app/credits?pack=developer#history');
  });

  it.each([
    ['//evil.com', 'protocol-relative'],
    ['//evil.com/invite/x', 'protocol-relative with a path'],
    ['https://evil.com', 'absolute'],
    ['http://evil.com/app', 'absolute http'],
    ['javascript:alert(1)', 'a script URL'],
    ['/\\evil.com', 'a backslash browsers read as a slash'],
    ['/\t/evil.com', 'a tab browsers strip'],
    ['/app\n', 'a newline'],
    ['evil.com', 'no leading slash'],
    ['', 'empty'],
    [`/${'a'.repeat(2100)}`, 'over-long'],
  ])('refuses %j (%s)', (value) => {
    expect(safeNextPath(value)).toBeNull();
  });

  it('refuses a missing value', () => {
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
  });

  it('remembers one page, checks it again when read, and forgets it', () => {
    rememberNextPath('/invite/abc');
    expect(takeNextPath()).toBe('/invite/abc');
    expect(takeNextPath()).toBe('/app');
    localStorage.setItem('conduit.next-path', '//evil.com');
    expect(takeNextPath()).toBe('/app');
  });

  it('builds the sign-in link with the page encoded', () => {
    expect(authLink('signup', '/invite/a b')).toBe('/?auth=signup&next=%2Finvite%2Fa+b');
  });
});

describe('sign-in from a link with next', () => {
  function signInFrom(path: string) {
    let isSignedIn = false;
    mockApi({
      'POST /api/auth/login': () => {
        isSignedIn = true;
        return { body: { user: makeUser(), message: 'Signed in' } };
      },
      'GET /api/auth/me': () =>
        isSignedIn ? { body: { user: makeUser() } } : errorReply(401, 'Not signed in', 'UNAUTHORIZED'),
      'GET /api/invitations/tok': errorReply(404, 'gone', 'NOT_FOUND'),
    });
    const user = userEvent.setup();
    const { router } = renderRoute(path);
    return { user, router };
  }

  async function submit(user: ReturnType<typeof userEvent.setup>) {
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign in to Conduit' }));
    await user.type(dialog.getByLabelText('Email'), 'ada@example.com');
    await user.type(dialog.getByLabelText('Password'), 'secret12');
    await user.click(dialog.getByRole('button', { name: 'Sign in' }));
  }

  it('opens the form, drops the parameters from the address and lands on the page after sign-in', async () => {
    const { user, router } = signInFrom('/?auth=login&next=%2Finvite%2Ftok');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/tok'));
  });

  it.each(['//evil.com', 'https://evil.com'])('lands on /app when next is %s', async (next) => {
    const { user, router } = signInFrom(`/?auth=login&next=${encodeURIComponent(next)}`);
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
  });
});
