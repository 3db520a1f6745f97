import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorReply, makeUser, mockApi } from '../../test/api-mock.ts';
import { renderRoute } from '../../test/render-route.tsx';

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
