import type { AdminWaitlistEntry } from '@conduit/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/app-providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { type ApiRoutes, errorReply, mockApi } from '../../test/api-mock.ts';
import { WaitlistTab } from './waitlist-tab.tsx';

function makeEntry(overrides: Partial<AdminWaitlistEntry> = {}): AdminWaitlistEntry {
  return {
    id: 'wl_1',
    position: 1,
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    answers: {},
    score: 40,
    priority: 'Medium',
    referrals: 2,
    referralCode: 'ADA123',
    referredBy: null,
    verified: true,
    invitedAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

function openTab(routes: ApiRoutes) {
  const api = mockApi(routes);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <WaitlistTab />
    </AppProviders>,
  );
  return { api, user: userEvent.setup() };
}

describe('admin waitlist tab', () => {
  it('says so when nobody has joined', async () => {
    openTab({ 'GET /api/admin/waitlist': { body: { entries: [], total: 0, verified: 0, invited: 0 } } });
    expect(await screen.findByText(/Nobody has joined the waitlist yet/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists entries by rank with their totals, and invites the next N', async () => {
    const entries = [
      makeEntry(),
      makeEntry({ id: 'wl_2', position: 2, email: 'bob@example.com', name: 'Bob', verified: false }),
    ];
    const { api, user } = openTab({
      'GET /api/admin/waitlist': { body: { entries, total: 2, verified: 1, invited: 0 } },
      'POST /api/admin/waitlist/invite': {
        body: { invited: [{ id: 'wl_1', email: 'ada@example.com', position: 1 }] },
      },
    });
    const table = await screen.findByRole('table', { name: 'Waitlist by rank' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('#1');
    expect(rows[0]).toHaveTextContent('ada@example.com');
    expect(rows[1]).toHaveTextContent('bob@example.com');
    expect(screen.getByText('2 joined · 1 confirmed · 0 invited')).toBeInTheDocument();

    const count = screen.getByRole('spinbutton', { name: 'Invite the next' });
    await user.clear(count);
    await user.type(count, '3');
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText('Invited 1 person.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/waitlist/invite')[0]?.body).toEqual({ count: 3 });
    // The list reloads after the invitations went out.
    await waitFor(() => expect(api.callsTo('GET /api/admin/waitlist').length).toBeGreaterThan(1));
  });

  it("shows a refusal in the form's alert and reloads the list", async () => {
    const { api, user } = openTab({
      'GET /api/admin/waitlist': { body: { entries: [makeEntry()], total: 1, verified: 1, invited: 0 } },
      'POST /api/admin/waitlist/invite': errorReply(503, 'The mailer is down'),
    });
    await screen.findByRole('table', { name: 'Waitlist by rank' });
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    const form = screen.getByRole('form', { name: 'Invite from the waitlist' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('The mailer is down');
    await waitFor(() => expect(api.callsTo('GET /api/admin/waitlist').length).toBeGreaterThan(1));

    const count = screen.getByRole('spinbutton', { name: 'Invite the next' });
    await user.clear(count);
    expect(screen.getByRole('button', { name: 'Send invitations' })).toBeDisabled();
    await user.type(count, '501');
    expect(screen.getByRole('button', { name: 'Send invitations' })).toBeDisabled();
  });
});
