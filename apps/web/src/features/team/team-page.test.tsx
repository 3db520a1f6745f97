import { TEAM_TEXTS, type WorkspaceRole } from '@conduit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorReply, makeUser, mockApi } from '../../test/api-mock.ts';
import { makeDashboard } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { makeTeam, makeWorkspaces, TEAM_ID } from '../../test/team-fixtures.ts';

const AUDIT = {
  entries: [
    {
      id: 'wal_2',
      at: '2026-01-05T10:00:00.000Z',
      actor: 'owner@example.com',
      action: 'member.invited',
      details: { email: 'new@example.com', role: 'billing' },
    },
  ],
  nextCursor: 'next',
};
const OLDER = {
  entries: [
    {
      id: 'wal_1',
      at: '2026-01-01T10:00:00.000Z',
      actor: 'owner@example.com',
      action: 'team.created',
      details: { name: 'Acme' },
    },
  ],
  nextCursor: null,
};

function openTeam(role: WorkspaceRole, routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/auth/me': { body: { user: makeUser() } },
    'GET /api/workspaces': { body: makeWorkspaces(role) },
    'GET /api/dashboard': { body: makeDashboard() },
    [`GET /api/teams/${TEAM_ID}`]: { body: makeTeam(role) },
    [`GET /api/teams/${TEAM_ID}/audit-log`]: (call) => ({
      body: call.search.includes('cursor') ? OLDER : AUDIT,
    }),
    ...routes,
  });
  renderRoute('/app/team');
  return { api, user: userEvent.setup() };
}

const members = () => within(screen.getByRole('table', { name: 'Members' }));

describe('team page', () => {
  it('gives an owner every control: invite, roles of everyone else, invitations, settings, log, owner actions', async () => {
    const { user } = openTeam('owner');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite member' })).toBeInTheDocument();
    expect(members().getByRole('combobox', { name: 'Role of owner@example.com' })).toBeInTheDocument();
    expect(members().queryByRole('combobox', { name: 'Role of ada@example.com' })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Pending invitations' })).toHaveTextContent('new@example.com');
    // Addresses wrap only before "@" and the dots of the domain: the inviter's one too.
    const inviter = within(screen.getByRole('table', { name: 'Pending invitations' })).getAllByRole(
      'cell',
    )[2];
    expect(inviter).toHaveTextContent('owner@example.com');
    expect(inviter?.querySelectorAll('wbr')).toHaveLength(2);
    expect(screen.getByRole('form', { name: 'Team settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete team' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Transfer ownership' })).toBeInTheDocument();

    const log = await screen.findByRole('list', { name: 'Audit log' });
    expect(log).toHaveTextContent('owner@example.com invited new@example.com as Billing');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(log).toHaveTextContent('owner@example.com created the team "Acme"'));
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('lets an admin manage members but not owners, and not make owners', async () => {
    const { user } = openTeam('admin');
    await screen.findByRole('heading', { level: 1, name: 'Acme' });
    expect(members().queryByRole('combobox', { name: 'Role of owner@example.com' })).not.toBeInTheDocument();
    expect(members().queryByRole('button', { name: 'Remove owner@example.com' })).not.toBeInTheDocument();
    const select = members().getByRole('combobox', { name: 'Role of dev@example.com' });
    expect(within(select).queryByRole('option', { name: 'Owner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete team' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Invite member' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite a member' }));
    expect(dialog.queryByRole('radio', { name: /^Owner/ })).not.toBeInTheDocument();
    expect(dialog.getByRole('radio', { name: /^Billing/ })).toHaveAccessibleName(/cannot see API keys/);
  });

  it('shows a developer the members only, with Leave team', async () => {
    openTeam('developer');
    await screen.findByRole('heading', { level: 1, name: 'Acme' });
    expect(screen.queryByRole('button', { name: 'Invite member' })).not.toBeInTheDocument();
    expect(members().queryAllByRole('combobox')).toHaveLength(0);
    expect(members().queryAllByRole('button', { name: /^Remove/ })).toHaveLength(0);
    expect(screen.queryByRole('table', { name: 'Pending invitations' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Team settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Audit log' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave team' })).toBeInTheDocument();
  });

  it("shows the server's last-owner refusal when the only owner tries to leave", async () => {
    const { user, api } = openTeam('owner', {
      [`DELETE /api/teams/${TEAM_ID}/members/usr_test`]: errorReply(400, TEAM_TEXTS.lastOwner),
    });
    await user.click(await screen.findByRole('button', { name: 'Leave team' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Leave team' }));
    await user.click(dialog.getByRole('button', { name: 'Leave team' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(TEAM_TEXTS.lastOwner);
    expect(api.callsTo(`DELETE /api/teams/${TEAM_ID}/members/usr_test`)).toHaveLength(1);
  });

  it('deletes only once the name is typed, warning that the credits are lost', async () => {
    const { user, api } = openTeam('owner', {
      [`DELETE /api/teams/${TEAM_ID}`]: { body: { message: TEAM_TEXTS.deleted } },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete team' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete team' }));
    expect(dialog.getByText(/are lost and cannot be refunded/)).toBeInTheDocument();
    const submit = dialog.getByRole('button', { name: 'Delete team' });
    await user.type(dialog.getByLabelText('Type "Acme" to confirm'), 'Acm');
    expect(submit).toBeDisabled();
    await user.type(dialog.getByLabelText('Type "Acme" to confirm'), 'e');
    await user.click(submit);
    await waitFor(() => expect(api.callsTo(`DELETE /api/teams/${TEAM_ID}`)).toHaveLength(1));
    expect(api.callsTo(`DELETE /api/teams/${TEAM_ID}`)[0]?.body).toEqual({ confirmName: 'Acme' });
  });

  it('changes a role, and shows the link of a new invitation to copy when the mail failed', async () => {
    const { user, api } = openTeam('owner', {
      [`PATCH /api/teams/${TEAM_ID}/members/usr_dev`]: { body: { message: TEAM_TEXTS.roleChanged } },
      [`POST /api/teams/${TEAM_ID}/invitations`]: {
        status: 201,
        body: {
          invitation: { ...makeTeam('owner').invitations[0], email: 'x@example.com', role: 'developer' },
          link: 'http://localhost/invite/tok123',
          emailSent: false,
          message: TEAM_TEXTS.invited,
        },
      },
    });
    const select = await screen.findByRole('combobox', { name: 'Role of dev@example.com' });
    await user.selectOptions(select, 'admin');
    await waitFor(() =>
      expect(api.callsTo(`PATCH /api/teams/${TEAM_ID}/members/usr_dev`)[0]?.body).toEqual({ role: 'admin' }),
    );

    await user.click(screen.getByRole('button', { name: 'Invite member' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite a member' }));
    await user.type(dialog.getByLabelText('Email'), 'x@example.com');
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    const sent = within(await screen.findByRole('dialog', { name: TEAM_TEXTS.invited }));
    expect(sent.getByText(TEAM_TEXTS.inviteMailFailed)).toBeInTheDocument();
    expect(sent.getByRole('button', { name: /Copy http:\/\/localhost\/invite\/tok123/ })).toBeInTheDocument();
    expect(api.callsTo(`POST /api/teams/${TEAM_ID}/invitations`)[0]?.body).toEqual({
      email: 'x@example.com',
      role: 'developer',
    });
  });

  it('keeps an invitation to an invalid address on its field, focused, without sending it', async () => {
    const { user, api } = openTeam('owner');
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Invite a member' }));
    const email = dialog.getByLabelText('Email');
    await user.type(email, 'not-an-address');
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect(email).toHaveAccessibleDescription(TEAM_TEXTS.emailInvalid);
    expect(email).toHaveFocus();
    expect(api.callsTo(`POST /api/teams/${TEAM_ID}/invitations`)).toHaveLength(0);
    await user.type(email, 'x');
    expect(email).not.toHaveAccessibleDescription(TEAM_TEXTS.emailInvalid);
  });

  it('offers to create a team in the personal workspace', async () => {
    mockApi({
      'GET /api/auth/me': { body: { user: makeUser() } },
      'GET /api/workspaces': { body: makeWorkspaces(null) },
      'GET /api/dashboard': { body: makeDashboard() },
    });
    renderRoute('/app/team');
    expect(await screen.findByText('Share a balance and keys with others')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create team' })).toBeInTheDocument();
  });
});
