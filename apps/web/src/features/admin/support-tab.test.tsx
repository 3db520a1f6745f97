import { ADMIN_TEXTS, type SupportTicket } from '@conduit/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/app-providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { type ApiRoutes, errorReply, mockApi, twoPages } from '../../test/api-mock.ts';
import { sendReply } from '../../test/support-reply.ts';
import { NotificationProvider } from '../notifications/notification-provider.tsx';
import { REPLY_SENT } from '../support/reply-form.tsx';
import { SUPPORT_EMPTY, SupportTab } from './support-tab.tsx';

function makeTicket(overrides: Partial<SupportTicket> = {}): SupportTicket {
  return {
    id: 'tkt_1',
    userId: 'usr_1',
    email: 'ada@example.com',
    subject: 'Video stuck',
    message: 'My video task is still processing.\nTask task_9',
    status: 'open',
    createdAt: '2026-01-05T10:00:00.000Z',
    replies: [],
    ...overrides,
  };
}

const NEWER = makeTicket({ id: 'tkt_2', subject: 'Refund please', email: 'bob@example.com' });
const OLDER = makeTicket();

function openTab(routes: ApiRoutes = {}) {
  const api = mockApi({
    'GET /api/admin/support': { body: { tickets: [NEWER, OLDER], nextCursor: null } },
    ...routes,
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <NotificationProvider>
        <SupportTab />
      </NotificationProvider>
    </AppProviders>,
  );
  return { api, user: userEvent.setup() };
}

const subjects = () =>
  within(screen.getByRole('list', { name: 'Support messages' }))
    .getAllByRole('button', { expanded: false })
    .map((button) => button.textContent);
const statusOf = (call: { search: string }) => new URLSearchParams(call.search).get('status');

describe('admin support tab', () => {
  it('lists open messages first, in the order the server gives (newest first), and filters by status', async () => {
    const { api, user } = openTab();
    await screen.findByRole('list', { name: 'Support messages' });
    expect(subjects()[0]).toContain('Refund please');
    expect(subjects()[1]).toContain('Video stuck');
    expect(screen.getByRole('button', { name: 'Open' })).toHaveAttribute('aria-pressed', 'true');
    expect(statusOf(api.callsTo('GET /api/admin/support')[0] as { search: string })).toBe('open');

    await user.click(screen.getByRole('button', { name: 'Answered' }));
    await waitFor(() => expect(api.callsTo('GET /api/admin/support')).toHaveLength(2));
    expect(statusOf(api.callsTo('GET /api/admin/support')[1] as { search: string })).toBe('answered');
    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(api.callsTo('GET /api/admin/support')).toHaveLength(3));
    expect(statusOf(api.callsTo('GET /api/admin/support')[2] as { search: string })).toBeNull();
  });

  it('expands a message to show the sender and the whole conversation in order, who wrote what', async () => {
    const answered = makeTicket({
      status: 'answered',
      replies: [
        {
          id: 'srep_1',
          at: '2026-01-05T11:00:00.000Z',
          author: 'admin',
          adminEmail: 'root@example.com',
          message: 'Looking now',
        },
        {
          id: 'srep_2',
          at: '2026-01-05T11:30:00.000Z',
          author: 'user',
          adminEmail: null,
          message: 'Still stuck after an hour',
        },
      ],
    });
    const { user } = openTab({
      'GET /api/admin/support': { body: { tickets: [answered], nextCursor: null } },
    });
    const toggle = await screen.findByRole('button', { name: /Video stuck/ });
    expect(toggle).toHaveTextContent('Answered');
    expect(toggle).toHaveTextContent('2 replies');
    expect(screen.queryByText('usr_1')).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('usr_1')).toBeInTheDocument();
    const messages = within(screen.getByRole('list', { name: 'Conversation' })).getAllByRole('listitem');
    expect(messages.map((message) => message.dataset.author)).toEqual(['user', 'admin', 'user']);
    expect(messages[0]).toHaveTextContent(/^ada@example\.com · .*My video task is still processing\./);
    expect(messages[1]).toHaveTextContent(/^root@example\.com · .*Looking now$/);
    expect(messages[2]).toHaveTextContent(/^ada@example\.com · .*Still stuck after an hour$/);
    expect(screen.getByRole('button', { name: 'Send reply' })).toBeInTheDocument();
  });

  it('answers a message: an empty reply is refused, a real one is sent and shown, and the status turns answered', async () => {
    const { api, user } = openTab({
      'POST /api/admin/support/tkt_1/reply': ({ body }) => ({
        body: {
          ticket: makeTicket({
            status: 'answered',
            replies: [
              {
                id: 'srep_1',
                at: '2026-01-05T12:00:00.000Z',
                author: 'admin',
                adminEmail: 'root@example.com',
                message: (body as { message: string }).message,
              },
            ],
          }),
        },
      }),
    });
    const reply = '  It finished, see your dashboard.  ';
    const toggle = await sendReply(screen, { user, api }, 'POST /api/admin/support/tkt_1/reply', reply);
    expect(await screen.findByText(REPLY_SENT)).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/support/tkt_1/reply')[0]?.body).toEqual({
      message: 'It finished, see your dashboard.',
    });
    expect(
      within(screen.getByRole('list', { name: 'Conversation' })).getByText(
        'It finished, see your dashboard.',
      ),
    ).toBeInTheDocument();
    expect(toggle).toHaveTextContent('Answered');
    expect(screen.getByLabelText('Reply')).toHaveValue('');
  });

  it("shows the server's text when a reply fails", async () => {
    const { user } = openTab({
      'POST /api/admin/support/tkt_1/reply': errorReply(
        409,
        'This account was deleted, so there is nobody to mail the reply to',
        'CONFLICT',
      ),
    });
    await user.click(await screen.findByRole('button', { name: /Video stuck/ }));
    await user.type(screen.getByLabelText('Reply'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This account was deleted');
  });

  it('loads older messages on the cursor', async () => {
    const { api, user } = openTab({
      'GET /api/admin/support': twoPages({ tickets: [NEWER] }, { tickets: [OLDER] }),
    });
    await screen.findByRole('button', { name: /Refund please/ });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: /Video stuck/ })).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/support')[1]?.search).toContain('cursor=c2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when there is nothing, and shows the load error with Retry', async () => {
    let isDown = true;
    const { user } = openTab({
      'GET /api/admin/support': () =>
        isDown
          ? errorReply(403, 'Admin access required', 'FORBIDDEN')
          : { body: { tickets: [], nextCursor: null } },
    });
    expect(await screen.findByText(ADMIN_TEXTS.loadError)).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(SUPPORT_EMPTY.open)).toBeInTheDocument();
  });
});
