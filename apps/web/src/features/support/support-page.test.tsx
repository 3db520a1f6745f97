import { DEFAULT_SUPPORT_EMAIL, SUPPORT_TEXTS } from '@conduit/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiRoutes, deferred, errorReply, makeUser, mockApi, type Reply } from '../../test/api-mock.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { sendReply } from '../../test/support-reply.ts';
import { CONTACT_TITLE } from './contact-card.tsx';
import {
  OWN_REPLY_SENT,
  OWN_TICKETS_LOAD_FAILED,
  OWN_TICKETS_TITLE,
  TEAM_NAME,
  YOU,
} from './own-tickets.tsx';
import { FORM_TITLE, SENT_TITLE } from './support-form.tsx';

const CONTACT = { email: 'help@example.test', phone: '+1 (212) 555-0147' };

async function openSupport(routes: ApiRoutes = {}) {
  const api = mockApi({
    'GET /api/auth/me': { body: { user: makeUser() } },
    'GET /api/support/contact': { body: CONTACT },
    'POST /api/support': { status: 201, body: { id: 'tkt_1', message: SUPPORT_TEXTS.sent } },
    ...routes,
  });
  const user = userEvent.setup();
  renderRoute('/app/support');
  await screen.findByRole('heading', { level: 1, name: 'Support' });
  const form = within(screen.getByRole('region', { name: FORM_TITLE }));
  return { api, user, form };
}

describe('support page: contact', () => {
  it('shows the configured email and phone as links, and the response time', async () => {
    await openSupport();
    const contact = within(screen.getByRole('region', { name: CONTACT_TITLE }));
    expect(await contact.findByRole('link', { name: CONTACT.email })).toHaveAttribute(
      'href',
      `mailto:${CONTACT.email}`,
    );
    expect(contact.getByRole('link', { name: CONTACT.phone })).toHaveAttribute('href', 'tel:+12125550147');
    expect(contact.getByText(/response within 24 hours, Mon-Fri 9 AM-6 PM EST/)).toHaveTextContent(
      SUPPORT_TEXTS.responseTime,
    );
    expect(document.title).toContain('Support');
  });

  it('shows no phone when none is configured', async () => {
    await openSupport({ 'GET /api/support/contact': { body: { email: CONTACT.email, phone: null } } });
    const contact = within(screen.getByRole('region', { name: CONTACT_TITLE }));
    expect(await contact.findByRole('link', { name: CONTACT.email })).toBeInTheDocument();
    expect(contact.queryByText('Phone')).not.toBeInTheDocument();
    expect(contact.getAllByRole('link')).toHaveLength(1);
  });

  it("falls back to the product's address when the contact call fails", async () => {
    await openSupport({ 'GET /api/support/contact': errorReply(404, 'Not found', 'NOT_FOUND') });
    const contact = within(screen.getByRole('region', { name: CONTACT_TITLE }));
    expect(await contact.findByRole('link', { name: DEFAULT_SUPPORT_EMAIL })).toBeInTheDocument();
    expect(contact.queryByText('Phone')).not.toBeInTheDocument();
  });
});

describe('support page: the form', () => {
  it("refuses blank fields with 'Please fill in both subject and message fields.' and sends nothing", async () => {
    const { api, user, form } = await openSupport();
    await user.click(form.getByRole('button', { name: 'Send message' }));
    expect(form.getByRole('alert')).toHaveTextContent(SUPPORT_TEXTS.bothRequired);
    await user.type(form.getByLabelText('Subject'), 'Help');
    await user.type(form.getByLabelText('Message'), '    ');
    await user.click(form.getByRole('button', { name: 'Send message' }));
    expect(form.getByRole('alert')).toHaveTextContent(SUPPORT_TEXTS.bothRequired);
    expect(api.callsTo('POST /api/support')).toHaveLength(0);
  });

  it('sends the trimmed fields, confirms with a notification and empties the form', async () => {
    const pending = deferred<Reply>();
    const { api, user, form } = await openSupport({ 'POST /api/support': () => pending.promise });
    await user.type(form.getByLabelText('Subject'), '  Webhook retries ');
    await user.type(form.getByLabelText('Message'), ' How often are webhooks retried? ');
    await user.click(form.getByRole('button', { name: 'Send message' }));
    expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    pending.resolve({ status: 201, body: { id: 'tkt_1', message: SUPPORT_TEXTS.sent } });

    expect(await screen.findByText(SUPPORT_TEXTS.sent)).toBeInTheDocument();
    expect(screen.getByText(SENT_TITLE)).toBeInTheDocument();
    expect(api.callsTo('POST /api/support')[0]?.body).toEqual({
      subject: 'Webhook retries',
      message: 'How often are webhooks retried?',
    });
    expect(form.getByLabelText('Subject')).toHaveValue('');
    expect(form.getByLabelText('Message')).toHaveValue('');
    expect(form.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [
      "the server's text",
      errorReply(429, 'You can send 5 support messages per hour. Please try again later.', 'RATE_LIMITED'),
      'You can send 5 support messages per hour. Please try again later.',
    ],
    ['the fallback text', { status: 502, body: null }, SUPPORT_TEXTS.sendFailed],
  ])('shows %s when sending fails, and keeps what was typed', async (_case, reply, text) => {
    const { user, form } = await openSupport({ 'POST /api/support': reply });
    await user.type(form.getByLabelText('Subject'), 'Billing');
    await user.type(form.getByLabelText('Message'), 'Charged twice');
    await user.click(form.getByRole('button', { name: 'Send message' }));
    expect(await form.findByRole('alert')).toHaveTextContent(text);
    expect(form.getByLabelText('Subject')).toHaveValue('Billing');
    expect(form.getByLabelText('Message')).toHaveValue('Charged twice');
  });
});

describe('support page: your messages', () => {
  const answered = {
    id: 'tkt_1',
    subject: 'Video stuck',
    message: 'My video stays processing',
    status: 'answered',
    createdAt: '2026-11-20T10:00:00.000Z',
    replies: [{ id: 'rep_1', at: '2026-11-20T12:00:00.000Z', author: 'admin', message: 'Fixed on our side' }],
  };
  const open = { ...answered, id: 'tkt_2', subject: 'Invoice', status: 'open', replies: [] };

  it("lists the user's messages with the team's replies, and a sent message joins the list", async () => {
    let tickets = [answered];
    const { user, form } = await openSupport({
      'GET /api/support': () => ({ body: { tickets, nextCursor: null } }),
    });
    const list = within(await screen.findByRole('region', { name: OWN_TICKETS_TITLE }));
    const item = await list.findByRole('button', { name: /Video stuck/ });
    expect(item).toHaveTextContent('1 reply');
    expect(item).toHaveTextContent('Answered');
    await user.click(item);
    expect(list.getByText('My video stays processing')).toBeInTheDocument();
    const messages = within(list.getByRole('list', { name: 'Conversation' })).getAllByRole('listitem');
    expect(messages[0]).toHaveTextContent(new RegExp(`^${YOU} · .*My video stays processing$`));
    expect(messages[1]).toHaveTextContent(new RegExp(`^${TEAM_NAME} · .*Fixed on our side$`));

    tickets = [open, answered];
    await user.type(form.getByLabelText('Subject'), 'Invoice');
    await user.type(form.getByLabelText('Message'), 'Where is it?');
    await user.click(form.getByRole('button', { name: 'Send message' }));
    expect(await list.findByRole('button', { name: /Invoice/ })).toHaveTextContent('Waiting for us');
  });

  it('replies in a thread: a blank reply is refused, a sent one joins the conversation and the message waits for us again', async () => {
    const { api, user } = await openSupport({
      'GET /api/support': { body: { tickets: [answered], nextCursor: null } },
      'POST /api/support/tkt_1/reply': ({ body }) => ({
        body: {
          ticket: {
            ...answered,
            status: 'open',
            replies: [
              ...answered.replies,
              {
                id: 'rep_2',
                at: '2026-11-21T09:00:00.000Z',
                author: 'user',
                message: (body as { message: string }).message,
              },
            ],
          },
        },
      }),
    });
    const list = within(await screen.findByRole('region', { name: OWN_TICKETS_TITLE }));
    const reply = '  It is stuck again.  ';
    const toggle = await sendReply(list, { user, api }, 'POST /api/support/tkt_1/reply', reply);
    expect(await screen.findByText(OWN_REPLY_SENT)).toBeInTheDocument();
    expect(api.callsTo('POST /api/support/tkt_1/reply')[0]?.body).toEqual({ message: 'It is stuck again.' });
    const messages = within(list.getByRole('list', { name: 'Conversation' })).getAllByRole('listitem');
    expect(messages).toHaveLength(3);
    expect(messages[2]).toHaveTextContent(new RegExp(`^${YOU} · .*It is stuck again\\.$`));
    expect(toggle).toHaveTextContent('Waiting for us');
    expect(toggle).toHaveTextContent('2 replies');
    expect(list.getByLabelText('Reply')).toHaveValue('');
  });

  it("shows the server's text when a reply is refused, and keeps what was typed", async () => {
    const limited = 'You can send 5 support messages per hour. Please try again later.';
    const { user } = await openSupport({
      'GET /api/support': { body: { tickets: [answered], nextCursor: null } },
      'POST /api/support/tkt_1/reply': errorReply(429, limited, 'RATE_LIMITED'),
    });
    const list = within(await screen.findByRole('region', { name: OWN_TICKETS_TITLE }));
    await user.click(await list.findByRole('button', { name: /Video stuck/ }));
    await user.type(list.getByLabelText('Reply'), 'Hello again');
    await user.click(list.getByRole('button', { name: 'Send reply' }));
    expect(await list.findByRole('alert')).toHaveTextContent(limited);
    expect(list.getByLabelText('Reply')).toHaveValue('Hello again');
    expect(within(list.getByRole('list', { name: 'Conversation' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('says when there are none yet', async () => {
    await openSupport({ 'GET /api/support': { body: { tickets: [], nextCursor: null } } });
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
  });

  it('offers Retry when the list fails to load', async () => {
    await openSupport({ 'GET /api/support': errorReply(403, 'Forbidden', 'FORBIDDEN') });
    expect(await screen.findByText(OWN_TICKETS_LOAD_FAILED)).toBeInTheDocument();
  });
});
