import { ADMIN_MESSAGES } from '@conduit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAdmin, makeAdminUser, makeAdminUsers } from '../../test/admin-fixtures.ts';
import { type ApiRoutes, errorReply, mockApi, rowsInTwoPages } from '../../test/api-mock.ts';
import { descriptionOf } from '../../test/auth-helpers.tsx';
import { expectTexts } from '../../test/expect-texts.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { AMOUNT_NOT_WHOLE } from './adjust-credits-form.tsx';
import { EDIT_TITLE } from './edit-user-dialog.tsx';
import { INVITE_TITLE } from './invite-user-dialog.tsx';

function openUsers(routes: ApiRoutes = {}) {
  const api = mockApi({
    'GET /api/auth/me': { body: { user: makeAdmin() } },
    'GET /api/admin/users': { body: { users: makeAdminUsers(3), total: 3, nextCursor: null } },
    ...routes,
  });
  const user = userEvent.setup();
  const view = renderRoute('/admin?tab=users');
  return { api, user, ...view };
}

/** The accounts on the page, read from their Edit buttons ("Edit ada@example.com"). */
// The rows' Edit buttons by their label: a role query computes every button's accessible name,
// which on a 20-row table under a loaded CI machine alone took seconds.
const emailsShown = () =>
  [...screen.getByRole('table', { name: 'Users' }).querySelectorAll('button[aria-label^="Edit "]')].map(
    (button) => button.getAttribute('aria-label')?.replace(/^Edit /, ''),
  );

describe('admin users: table and paging', () => {
  it('asks for 100, shows 10 at a time, and asks for more on the cursor when paging past what it has', async () => {
    // A smaller first batch than 100 keeps the test quick; the client pages the same way through 100.
    const { api, user } = openUsers({
      'GET /api/admin/users': rowsInTwoPages('users', makeAdminUsers, 20, 25),
    });
    await screen.findByRole('table', { name: 'Users' });
    expect(emailsShown()).toHaveLength(10);
    expect(emailsShown()[0]).toBe('user1@example.com');
    expect(screen.getByText('Showing 1-10 of 25')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(api.callsTo('GET /api/admin/users').map((call) => call.search)).toContain('?limit=100');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(emailsShown()[0]).toBe('user11@example.com');
    expect(screen.getByText('Showing 11-20 of 25')).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/users').every((call) => !call.search.includes('cursor'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(emailsShown()[0]).toBe('user21@example.com'));
    expect(emailsShown()).toHaveLength(5);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(api.callsTo('GET /api/admin/users').at(-1)?.search).toBe('?limit=100&cursor=c2');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(emailsShown()[0]).toBe('user11@example.com');
    // Three pages of a table clicked through: 1.5 s on a quiet machine, over 5 s on a busy one.
  }, 15_000);

  it('shows each column: email, name, plan, role, status, last login and balance', async () => {
    openUsers({
      'GET /api/admin/users': {
        body: {
          users: [
            makeAdminUser({ name: 'Ada Lovelace', plan: 'premium', role: 'super_admin', balance: 12_345 }),
            makeAdminUser({ _id: 'usr_2', email: 'off@example.com', isActive: false, lastLogin: null }),
          ],
          total: 2,
          nextCursor: null,
        },
      },
    });
    const [first, second] = (await screen.findAllByRole('row')).slice(1).map((row) => within(row));
    expectTexts(first, ['Ada Lovelace', 'Premium', 'Super admin', 'Active', '12,345']);
    expectTexts(second, ['Inactive', 'Never']);
  });

  it('searches on the server once typing pauses, from the first page', async () => {
    const { api, user } = openUsers({
      'GET /api/admin/users': ({ search }) => {
        const term = new URLSearchParams(search).get('search');
        return term
          ? { body: { users: [makeAdminUser({ email: 'grace@example.com' })], total: 1, nextCursor: null } }
          : { body: { users: makeAdminUsers(3), total: 3, nextCursor: null } };
      },
    });
    await screen.findByRole('table', { name: 'Users' });
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'grace');
    await waitFor(() => expect(emailsShown()).toEqual(['grace@example.com']));
    const searches = api
      .callsTo('GET /api/admin/users')
      .map((call) => new URLSearchParams(call.search).get('search'));
    expect(searches.filter(Boolean)).toEqual(['grace']);
    expect(screen.getByText(/Showing 1-1 of 1 matching "grace"/)).toBeInTheDocument();
  });
});

describe('admin users: Add user', () => {
  it('checks the email, shows the server refusal, then invites and refreshes the table', async () => {
    let isTaken = true;
    const { api, user } = openUsers({
      'POST /api/admin/users': ({ body }) =>
        isTaken
          ? errorReply(409, ADMIN_MESSAGES.userExists, 'CONFLICT')
          : {
              status: 201,
              body: { user: makeAdminUser({ email: (body as { email: string }).email }), emailSent: true },
            },
    });
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = within(screen.getByRole('dialog', { name: INVITE_TITLE }));
    await user.type(dialog.getByLabelText('Email'), 'not-an-email');
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect(descriptionOf(dialog.getByLabelText('Email'))).toBe('Please enter a valid email');
    expect(dialog.getByLabelText('Email')).toHaveFocus();
    expect(api.callsTo('POST /api/admin/users')).toHaveLength(0);

    await user.clear(dialog.getByLabelText('Email'));
    await user.type(dialog.getByLabelText('Email'), ' New@Example.com ');
    await user.selectOptions(dialog.getByLabelText('Role'), 'admin');
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.userExists);
    expect(api.callsTo('POST /api/admin/users')[0]?.body).toEqual({
      email: 'new@example.com',
      role: 'admin',
    });

    isTaken = false;
    const loads = api.callsTo('GET /api/admin/users').length;
    await user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: INVITE_TITLE })).not.toBeInTheDocument());
    await waitFor(() => expect(api.callsTo('GET /api/admin/users').length).toBeGreaterThan(loads));
  });
});

describe('admin users: Edit', () => {
  async function openEdit(routes: ApiRoutes, target = makeAdminUser()) {
    const opened = openUsers({
      'GET /api/admin/users': { body: { users: [target], total: 1, nextCursor: null } },
      ...routes,
    });
    await opened.user.click(await screen.findByRole('button', { name: `Edit ${target.email}` }));
    return { ...opened, dialog: within(screen.getByRole('dialog', { name: EDIT_TITLE })) };
  }

  it('sends only what changed; Enterprise limits appear for the premium plan and are checked', async () => {
    const { api, user, dialog } = await openEdit({
      'PATCH /api/admin/users/usr_1': ({ body }) => ({ body: { user: makeAdminUser(body as object) } }),
    });
    expect(dialog.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    expect(dialog.queryByLabelText('Requests per minute')).not.toBeInTheDocument();

    await user.selectOptions(dialog.getByLabelText('Plan'), 'premium');
    expect(dialog.getByLabelText('Requests per minute')).toHaveAttribute('placeholder', 'Default: 1,000');
    await user.type(dialog.getByLabelText('Requests per minute'), '0');
    await user.clear(dialog.getByLabelText('Maximum API keys'));
    await user.type(dialog.getByLabelText('Maximum API keys'), '5000');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(descriptionOf(dialog.getByLabelText('Maximum API keys'))).toBe(
      'Enter a whole number from 0 to 1,000',
    );
    expect(descriptionOf(dialog.getByLabelText('Requests per minute'))).toMatch(
      /^Enter a whole number from 1 to/,
    );
    expect(api.callsTo('PATCH /api/admin/users/usr_1')).toHaveLength(0);

    await user.clear(dialog.getByLabelText('Maximum API keys'));
    await user.type(dialog.getByLabelText('Maximum API keys'), '25');
    await user.clear(dialog.getByLabelText('Requests per minute'));
    await user.type(dialog.getByLabelText('Requests per minute'), '2500');
    await user.click(dialog.getByLabelText('Active'));
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: EDIT_TITLE })).not.toBeInTheDocument());
    expect(api.callsTo('PATCH /api/admin/users/usr_1')[0]?.body).toEqual({
      plan: 'premium',
      isActive: false,
      maxApiKeys: 25,
      rateLimits: { perMinute: 2500, perHour: null, perDay: null },
    });
  });

  it("shows the server's refusal (an admin cannot demote themselves) and keeps the dialog open", async () => {
    const self = makeAdminUser({ _id: 'usr_admin', email: 'root@example.com', role: 'admin' });
    const { user, dialog } = await openEdit(
      {
        'PATCH /api/admin/users/usr_admin': errorReply(403, ADMIN_MESSAGES.cannotChangeOwnRole, 'FORBIDDEN'),
      },
      self,
    );
    await user.selectOptions(dialog.getByLabelText('Role'), 'user');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.cannotChangeOwnRole);
    expect(screen.getByRole('dialog', { name: EDIT_TITLE })).toBeInTheDocument();
  });

  it('adjusts credits with a reason, shows the new balance and refreshes the table', async () => {
    let balance = 20;
    const { api, user, dialog } = await openEdit({
      'POST /api/admin/users/usr_1/credits': ({ body }) => {
        const { amount } = body as { amount: number };
        if (balance + amount < 0)
          return errorReply(409, ADMIN_MESSAGES.overdraft(-amount, balance), 'CONFLICT');
        balance += amount;
        return { body: { balance } };
      },
    });
    const adjust = () => user.click(dialog.getByRole('button', { name: 'Adjust credits' }));
    await adjust();
    expect(descriptionOf(dialog.getByLabelText('Amount'))).toBe(AMOUNT_NOT_WHOLE);
    expect(descriptionOf(dialog.getByLabelText('Reason'))).toBe('Please give a reason');
    await user.type(dialog.getByLabelText('Amount'), '0');
    await adjust();
    expect(descriptionOf(dialog.getByLabelText('Amount'))).toBe('Amount must not be zero');
    expect(api.callsTo('POST /api/admin/users/usr_1/credits')).toHaveLength(0);

    await user.clear(dialog.getByLabelText('Amount'));
    await user.type(dialog.getByLabelText('Amount'), '-50');
    await user.type(dialog.getByLabelText('Reason'), 'Chargeback');
    await adjust();
    expect(await dialog.findByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.overdraft(50, 20));

    const loads = api.callsTo('GET /api/admin/users').length;
    await user.clear(dialog.getByLabelText('Amount'));
    await user.type(dialog.getByLabelText('Amount'), '+100');
    await adjust();
    expect(await dialog.findByRole('status')).toHaveTextContent(
      'Added 100 credits. The balance is now 120 credits.',
    );
    expect(dialog.getByText('120 credits')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/users/usr_1/credits').at(-1)?.body).toEqual({
      amount: 100,
      reason: 'Chargeback',
    });
    await waitFor(() => expect(api.callsTo('GET /api/admin/users').length).toBeGreaterThan(loads));
  });
});
