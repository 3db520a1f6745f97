import { TEAM_TEXTS } from '@conduit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorReply, makeUser, mockApi } from '../../test/api-mock.ts';
import { makeDashboard } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { makeWorkspaces, TEAM_ID } from '../../test/team-fixtures.ts';
import { auditLine } from './audit-lines.ts';

const PREVIEW = {
  teamName: 'Acme',
  role: 'developer',
  email: 'ada@example.com',
  invitedBy: 'owner@example.com',
  expiresAt: '2026-01-08T00:00:00.000Z',
};
const PATH = '/invite/tok123';

function openInvite(user: ReturnType<typeof makeUser> | null, routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/invitations/tok123': { body: PREVIEW },
    ...(user ? { 'GET /api/auth/me': { body: { user } } } : {}),
    ...routes,
  });
  const view = renderRoute(PATH);
  return { ...view, api, user: userEvent.setup() };
}

/** The accept's answer once the join is made. */
const JOINED = {
  workspace: { id: TEAM_ID, kind: 'team', name: 'Acme', role: 'developer' },
  message: TEAM_TEXTS.joined,
};
/** What /app reads when the join opens it, working in the team. */
const APP_ROUTES = {
  'GET /api/workspaces': { body: makeWorkspaces('developer') },
  'GET /api/dashboard': { body: makeDashboard() },
  'GET /api/usage': { body: { items: [], nextCursor: null } },
};

/** Clicks Join team and waits for /app to open. */
async function joinTeam({ user, router }: ReturnType<typeof openInvite>) {
  await user.click(await screen.findByRole('button', { name: 'Join team' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
}

describe('invitation page', () => {
  it('shows the team, role and inviter, with sign-in and sign-up links that come back here', async () => {
    openInvite(null);
    expect(await screen.findByRole('heading', { name: 'Join Acme' })).toBeInTheDocument();
    expect(screen.getByText('Developer')).toBeInTheDocument();
    expect(screen.getByText('owner@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/?auth=login&next=%2Finvite%2Ftok123&email=ada%40example.com',
    );
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute(
      'href',
      '/?auth=signup&next=%2Finvite%2Ftok123&email=ada%40example.com',
    );
  });

  it('opens sign-up from its link with the invited address filled in, remembering the invitation', async () => {
    const { user, router } = openInvite(null);
    await user.click(await screen.findByRole('link', { name: 'Create account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create your account' });
    expect(within(dialog).getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem('conduit.next-path')).toBe(PATH);
  });

  it('tells someone signed in with another address to use the invited one', async () => {
    const { api } = openInvite(makeUser({ email: 'someone@example.com' }));
    expect(await screen.findByText(TEAM_TEXTS.invitationOtherEmail)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join team' })).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/invitations/tok123/accept')).toHaveLength(0);
  });

  it('joins, then opens /app working in the team', async () => {
    const invite = openInvite(makeUser({ email: 'Ada@Example.com' }), {
      'POST /api/invitations/tok123/accept': { body: JOINED },
      ...APP_ROUTES,
    });
    await joinTeam(invite);
    const { api } = invite;
    expect(api.callsTo('POST /api/invitations/tok123/accept')).toHaveLength(1);
    expect(await screen.findByText(TEAM_TEXTS.joined)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('current-workspace')).toHaveTextContent('Acme'));
  });

  it('after joining, the used link is not read again: no 404, no "not available" on the way to /app', async () => {
    let isUsed = false;
    const invite = openInvite(makeUser({ email: 'ada@example.com' }), {
      // As the server answers: a used invitation is gone.
      'GET /api/invitations/tok123': () =>
        isUsed ? errorReply(404, TEAM_TEXTS.invitationInvalid, 'NOT_FOUND') : { body: PREVIEW },
      'POST /api/invitations/tok123/accept': () => {
        isUsed = true;
        return { body: JOINED };
      },
      ...APP_ROUTES,
    });
    await joinTeam(invite);
    const { api } = invite;
    expect(await screen.findByText(TEAM_TEXTS.joined)).toBeInTheDocument();
    // Everything the join reloads has been asked again by now.
    const afterJoin = () => api.calls.slice(api.calls.findIndex((call) => call.method === 'POST'));
    await waitFor(() =>
      expect(afterJoin().map((call) => `${call.method} ${call.path}`)).toContain('GET /api/workspaces'),
    );
    await waitFor(() => expect(screen.getByTestId('current-workspace')).toHaveTextContent('Acme'));
    expect(afterJoin().filter((call) => call.path === '/api/invitations/tok123')).toEqual([]);
    expect(screen.queryByText('Invitation not available')).not.toBeInTheDocument();
    expect(screen.queryByText(TEAM_TEXTS.invitationInvalid)).not.toBeInTheDocument();
  });

  it("shows the server's text for a used or expired link", async () => {
    openInvite(null, {
      'GET /api/invitations/tok123': errorReply(404, TEAM_TEXTS.invitationInvalid, 'NOT_FOUND'),
    });
    expect(await screen.findByText(TEAM_TEXTS.invitationInvalid)).toBeInTheDocument();
  });
});

describe('audit lines', () => {
  it.each([
    [
      'team.updated',
      { name: 'Beta', billingEmail: null },
      'a@x.io renamed the team to "Beta" and removed the billing email',
    ],
    ['invitation.revoked', { email: 'b@x.io' }, 'a@x.io revoked the invitation of b@x.io'],
    [
      'member.role_changed',
      { email: 'b@x.io', from: 'developer', to: 'admin' },
      'a@x.io changed the role of b@x.io from Developer to Admin',
    ],
    ['member.removed', { email: 'b@x.io', role: 'billing' }, 'a@x.io removed b@x.io (Billing)'],
    ['member.left', { role: 'admin' }, 'a@x.io left the team'],
    ['ownership.transferred', { email: 'b@x.io' }, 'a@x.io transferred ownership to b@x.io'],
    ['key.deleted', { keyName: 'CI' }, 'a@x.io deleted the API key "CI"'],
    ['purchase.completed', { credits: 500, amount: 2900 }, 'a@x.io bought 500 credits for $29.00'],
  ] as const)('reads %s', (action, details, line) => {
    expect(auditLine({ actor: 'a@x.io', action, details })).toBe(line);
  });

  it('names nobody for a payment confirmed by the provider', () => {
    expect(
      auditLine({ actor: null, action: 'purchase.completed', details: { credits: 10, amount: 100 } }),
    ).toBe('Someone bought 10 credits for $1.00');
  });
});
