import { CONTACT_SALES_TEXTS, WAITLIST_TEXTS, type WaitlistJoinResponse } from '@conduit/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/app-providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { waitlistRoutes } from '../../routes/waitlist-routes.tsx';
import { type ApiRoutes, errorReply, mockApi } from '../../test/api-mock.ts';

const JOINED: WaitlistJoinResponse = {
  position: 42,
  score: 30,
  priority: 'Medium',
  estimatedWait: 'Less than a week',
  nextSteps: ['Confirm your email: we sent a link to ada@example.com.'],
  email: 'ada@example.com',
  referralCode: 'abcd2345',
  referralLink: 'http://localhost/?ref=abcd2345',
  referrals: 0,
  verified: false,
  statusLink: 'http://localhost/waitlist/status?email=ada%40example.com&token=signed-token',
};

function renderWaitlist(path: string, routes: ApiRoutes = {}) {
  const api = mockApi(routes);
  const user = userEvent.setup();
  const router = createMemoryRouter(waitlistRoutes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { api, user, router };
}

async function openJoin(path = '/', routes: ApiRoutes = {}) {
  const opened = renderWaitlist(path, {
    'POST /api/waitlist/check-email': { body: { isOnWaitlist: false } },
    ...routes,
  });
  await opened.user.click(screen.getAllByRole('button', { name: 'Join the waitlist' })[0] as HTMLElement);
  const dialog = within(await screen.findByRole('dialog', { name: 'Join the waitlist' }));
  return { ...opened, dialog };
}

/**
 * Sends the open modal with its button `send`: `done` then shows in the page, the modal is gone,
 * and the one request to `route` carried `body`.
 */
async function expectSent(
  { user, api }: Pick<ReturnType<typeof renderWaitlist>, 'user' | 'api'>,
  dialog: ReturnType<typeof within>,
  send: string,
  done: () => Promise<HTMLElement>,
  route: string,
  body: Record<string, string>,
) {
  await user.click(dialog.getByRole('button', { name: send }));
  expect(await done()).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(api.callsTo(route)[0]?.body).toEqual(body);
}

describe('waitlist site', () => {
  it.each(['/', '/app', '/docs', '/admin', '/no/such/page'])(
    'shows the waitlist landing on %s',
    async (path) => {
      renderWaitlist(path);
      expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('one API key away');
      expect(screen.getByRole('heading', { name: /Four production-ready APIs/ })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: /Pay for what you use/ })).toBeInTheDocument();
    },
  );
});

describe('the waitlist modal', () => {
  it('validates each step on Continue, clears errors on edit, goes Back, and submits on the last step', async () => {
    const { user, dialog, api } = await openJoin('/?ref=abcd2345', {
      'POST /waitlist/join': { status: 201, body: JOINED },
    });
    expect(dialog.getByText(/Step 1 of 3/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(dialog.getByText(WAITLIST_TEXTS.required('Name'))).toBeInTheDocument();
    expect(dialog.getByText(WAITLIST_TEXTS.required('Email'))).toBeInTheDocument();
    expect(dialog.getByLabelText('Name')).toHaveFocus();

    await user.type(dialog.getByLabelText('Name'), 'A');
    expect(dialog.queryByText(WAITLIST_TEXTS.required('Name'))).not.toBeInTheDocument();
    await user.type(dialog.getByLabelText('Email'), 'ada@example');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(dialog.getByText(WAITLIST_TEXTS.nameTooShort)).toBeInTheDocument();
    expect(dialog.getByText(WAITLIST_TEXTS.invalidEmail)).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Name'), 'da');
    await user.type(dialog.getByLabelText('Email'), '.com');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));

    expect(dialog.getByText(/Step 2 of 3/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(dialog.getByText(WAITLIST_TEXTS.required('Role'))).toBeInTheDocument();
    expect(dialog.queryByText(WAITLIST_TEXTS.required('Company'))).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Back' }));
    expect(dialog.getByLabelText('Name')).toHaveValue('Ada');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    await user.selectOptions(dialog.getByLabelText('Role'), 'developer');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));

    expect(dialog.getByText(/Step 3 of 3/)).toBeInTheDocument();
    await user.selectOptions(dialog.getByLabelText('Expected monthly API calls'), '1k-10k');
    await expectSent(
      { user, api },
      dialog,
      'Join the waitlist',
      () => screen.findByRole('heading', { name: "You're on the waitlist!" }),
      'POST /waitlist/join',
      {
        name: 'Ada',
        email: 'ada@example.com',
        company: '',
        role: 'developer',
        volume: '1k-10k',
        useCase: '',
        ref: 'abcd2345',
      },
    );
    expect(screen.getByText('#42')).toBeInTheDocument();
    expect(screen.getByText('30 · Medium')).toBeInTheDocument();
    expect(screen.getByLabelText('Your referral link')).toHaveValue(JOINED.referralLink);
    expect(screen.getByRole('link', { name: 'Share on X' })).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent(JOINED.referralLink)),
    );

    // The status link carries the signed token of the entry just made: it shows the same position.
    expect(screen.getByRole('link', { name: 'Check your status' })).toHaveAttribute(
      'href',
      '/waitlist/status?email=ada%40example.com&token=signed-token',
    );

    // The form was reset: reopening starts at step 1 with empty fields.
    await user.click(screen.getAllByRole('button', { name: 'Join the waitlist' })[0] as HTMLElement);
    const reopened = within(await screen.findByRole('dialog', { name: 'Join the waitlist' }));
    expect(reopened.getByText(/Step 1 of 3/)).toBeInTheDocument();
    expect(reopened.getByLabelText('Name')).toHaveValue('');
  });

  it('catches an address already on the list at the first step, and offers "Resend confirmation" right there', async () => {
    const { user, dialog, api } = await openJoin('/', {
      'POST /api/waitlist/check-email': ({ body }) => ({
        body: { isOnWaitlist: (body as { email: string }).email === 'ada@example.com' },
      }),
      'POST /api/waitlist/resend-verification': { body: { ok: true, message: 'Sent' } },
    });
    await user.type(dialog.getByLabelText('Name'), 'Ada');
    await user.type(dialog.getByLabelText('Email'), ' ada@example.com ');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent(WAITLIST_TEXTS.alreadyJoined);
    expect(dialog.getByText(/Step 1 of 3/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/waitlist/check-email')[0]?.body).toEqual({ email: 'ada@example.com' });

    await user.click(within(alert).getByRole('button', { name: 'Resend confirmation' }));
    expect(await dialog.findByRole('button', { name: WAITLIST_TEXTS.resendSent })).toBeInTheDocument();
    expect(api.callsTo('POST /api/waitlist/resend-verification')[0]?.body).toEqual({
      email: 'ada@example.com',
    });

    // Another address goes on to the next step.
    await user.clear(dialog.getByLabelText('Email'));
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(dialog.getByLabelText('Email'), 'grace@example.com');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(await dialog.findByText(/Step 2 of 3/)).toBeInTheDocument();
    expect(api.callsTo('POST /waitlist/join')).toHaveLength(0);
  });

  it.each([
    [
      'the server message',
      errorReply(409, WAITLIST_TEXTS.alreadyJoined, 'CONFLICT'),
      WAITLIST_TEXTS.alreadyJoined,
    ],
    ['the generic text', { status: 500, body: null }, WAITLIST_TEXTS.failed],
  ])('shows %s as a general form error', async (_case, reply, text) => {
    const { user, dialog } = await openJoin('/', { 'POST /waitlist/join': reply });
    await user.type(dialog.getByLabelText('Name'), 'Ada');
    await user.type(dialog.getByLabelText('Email'), 'ada@example.com');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    await user.selectOptions(dialog.getByLabelText('Role'), 'founder');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    await user.selectOptions(dialog.getByLabelText('Expected monthly API calls'), 'under-1k');
    await user.click(dialog.getByRole('button', { name: 'Join the waitlist' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(text);
    await user.type(dialog.getByLabelText(/What will you build/), 'x');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the contact sales modal', () => {
  it('requires every field, then sends the trimmed values, closes and resets', async () => {
    const { user, api } = renderWaitlist('/', {
      'POST /contact/sales': { body: { ok: true, message: CONTACT_SALES_TEXTS.sent } },
    });
    const open = async () => {
      await user.click(screen.getAllByRole('button', { name: 'Contact sales' })[0] as HTMLElement);
      return within(await screen.findByRole('dialog', { name: 'Contact sales' }));
    };
    let dialog = await open();
    await user.click(dialog.getByRole('button', { name: 'Send message' }));
    for (const label of ['Name', 'Email', 'Company', 'Message']) {
      expect(dialog.getByText(WAITLIST_TEXTS.required(label))).toBeInTheDocument();
    }
    await user.type(dialog.getByLabelText('Name'), 'Grace');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    dialog = await open();
    expect(dialog.getByLabelText('Name')).toHaveValue('');

    await user.type(dialog.getByLabelText('Name'), '  Grace ');
    await user.type(dialog.getByLabelText('Email'), 'grace@navy.mil ');
    await user.type(dialog.getByLabelText('Company'), 'Navy');
    await user.type(dialog.getByLabelText('Message'), ' Volume pricing ');
    await expectSent(
      { user, api },
      dialog,
      'Send message',
      () => screen.findByText(CONTACT_SALES_TEXTS.sent),
      'POST /contact/sales',
      { name: 'Grace', email: 'grace@navy.mil', company: 'Navy', message: 'Volume pricing' },
    );
  });
});
