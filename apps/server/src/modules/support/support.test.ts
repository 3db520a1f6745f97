import { createServer } from 'node:net';
import {
  DEFAULT_SUPPORT_PHONE,
  MESSAGES,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGES_PER_HOUR,
  SUPPORT_SUBJECT_MAX,
  SUPPORT_TEXTS,
} from '@conduit/contracts';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAccount, signedInAccount } from '../../../test/accounts.ts';
import { postJsonText } from '../../../test/json-text.ts';
import { createPaidAccount, sessionCookieFor } from '../../../test/paid-account.ts';
import { type SmtpInbox, startSmtpInbox } from '../../../test/smtp-inbox.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { parseConfig } from '../../platform/config.ts';
import { TICKET_NOT_FOUND, TICKET_OWNER_DELETED } from './reply-to-ticket.ts';
import { supportTickets } from './schema.ts';
import { getSupportContact } from './support-contact.ts';

const SUPPORT_EMAIL = 'help@support.example.test';
const SUPPORT_PHONE = '+1 (212) 555-0147';

let runtime: TestRuntime;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  runtime = await createTestRuntime({ SMTP_URL: inbox.url, SUPPORT_EMAIL, SUPPORT_PHONE });
});
afterAll(async () => {
  await runtime.close();
  await inbox.close();
});

async function signedInUser(role: 'user' | 'admin' = 'user', label: string = role) {
  const account = await createPaidAccount(runtime.services, { label });
  if (role !== 'user') {
    await runtime.services.pool.query('update users set role = $1 where id = $2', [role, account.userId]);
  }
  const cookie = await sessionCookieFor(runtime.services, account.userId);
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    runtime.app.inject({ method, url, payload: payload as object, headers: { cookie } });
  return { ...account, cookie, call };
}

/** A message `user` sends to support: its ticket id. */
const ticketOf = async (
  user: Pick<Awaited<ReturnType<typeof signedInUser>>, 'call'>,
  message: { subject: string; message: string },
) => (await user.call('POST', '/api/support', message)).json().id as string;

async function ticketsOf(userId: string) {
  const { rows } = await runtime.services.pool.query(
    'select id, email, subject, message, status from support_tickets where user_id = $1 order by created_at',
    [userId],
  );
  return rows as { id: string; email: string; subject: string; message: string; status: string }[];
}

const replyToOf = (mail: ParsedMail) => mail.replyTo?.text ?? '';
const mailsTo = (to: string) =>
  inbox.messages.filter((mail) => mail.to && 'text' in mail.to && mail.to.text === to);

describe('GET /api/support/contact', () => {
  it('answers the configured email and phone, signed in or not', async () => {
    const response = await runtime.app.inject({ method: 'GET', url: '/api/support/contact' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: SUPPORT_EMAIL, phone: SUPPORT_PHONE });
  });

  it('falls back to the product address; production shows no made-up phone number', () => {
    const development = getSupportContact(parseConfig({}));
    expect(development).toEqual({ email: 'support@conduit.dev', phone: DEFAULT_SUPPORT_PHONE });
    const production = getSupportContact(parseConfig({ NODE_ENV: 'production', PROVIDER_ENGINE: 'local' }));
    expect(production.phone).toBeNull();
  });
});

describe('POST /api/support', () => {
  it('needs a session', async () => {
    const response = await runtime.app.inject({
      method: 'POST',
      url: '/api/support',
      payload: { subject: 'Hi', message: 'Hello' },
    });
    expect(response.statusCode).toBe(401);
  });

  it("refuses a blank or missing field with the form's exact text and stores nothing", async () => {
    const user = await signedInUser();
    const cases = [
      [{ subject: '', message: 'Something broke' }, 'subject'],
      [{ subject: 'Broken', message: '   \n\t ' }, 'message'],
      [{ subject: '   ', message: '' }, 'subject'],
      [{ message: 'No subject at all' }, 'subject'],
      [{ subject: 'No message', message: null }, 'message'],
      [{}, 'subject'],
    ] as const;
    for (const [payload, field] of cases) {
      const response = await user.call('POST', '/api/support', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({
        error: SUPPORT_TEXTS.bothRequired,
        code: 'VALIDATION_FAILED',
        field,
      });
    }
    expect(await ticketsOf(user.userId)).toEqual([]);
  });

  it('refuses over-long fields, non-text values and unknown fields with a clear 400', async () => {
    const user = await signedInUser();
    const cases: [unknown, string][] = [
      [
        { subject: 'x'.repeat(SUPPORT_SUBJECT_MAX + 1), message: 'm' },
        `Subject must be at most ${SUPPORT_SUBJECT_MAX} characters`,
      ],
      [
        { subject: 's', message: 'x'.repeat(SUPPORT_MESSAGE_MAX + 1) },
        `Message must be at most ${SUPPORT_MESSAGE_MAX} characters`,
      ],
      [{ subject: 42, message: 'm' }, 'subject must be text'],
      [{ subject: 's', message: 'm', priority: 'urgent' }, 'Unrecognized key: "priority"'],
    ];
    for (const [payload, error] of cases) {
      const response = await user.call('POST', '/api/support', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(error);
    }
    const notJson = await postJsonText(runtime.app, '/api/support', '{"subject":', { cookie: user.cookie });
    expect(notJson.statusCode).toBe(400);
    expect(await ticketsOf(user.userId)).toEqual([]);
  });

  it('stores the trimmed message and mails support (with the user id and email) and the user', async () => {
    const user = await signedInUser('user', 'asker');
    const response = await user.call('POST', '/api/support', {
      subject: '  Video task stuck \n',
      message: '\n  My task has been processing for an hour.\n\nTask id: task_123  ',
    });
    expect(response.statusCode).toBe(201);
    const { id, message } = response.json();
    expect(id).toMatch(/^tkt_/);
    expect(message).toBe(SUPPORT_TEXTS.sent);
    expect(await ticketsOf(user.userId)).toEqual([
      {
        id,
        email: user.email,
        subject: 'Video task stuck',
        message: 'My task has been processing for an hour.\n\nTask id: task_123',
        status: 'open',
      },
    ]);

    const toSupport = await inbox.waitForMail(SUPPORT_EMAIL);
    expect(toSupport.subject).toBe(`[Support ${id}] Video task stuck`);
    expect(replyToOf(toSupport)).toBe(user.email);
    expect(toSupport.text).toContain(`From: ${user.email}`);
    expect(toSupport.text).toContain(`User ID: ${user.userId}`);
    expect(toSupport.text).toContain('My task has been processing for an hour.');
    expect(toSupport.text).toContain('Task id: task_123');

    const receipt = await inbox.waitForMail(user.email);
    expect(receipt.subject).toBe('We received your message: Video task stuck');
    expect(replyToOf(receipt)).toBe(SUPPORT_EMAIL);
    expect(receipt.text).toContain(SUPPORT_TEXTS.responseTime);
    expect(receipt.text).toContain(id);
  });

  it(`allows ${SUPPORT_MESSAGES_PER_HOUR} messages per account per hour, then 429 with Retry-After`, async () => {
    const user = await signedInUser();
    for (let n = 1; n <= SUPPORT_MESSAGES_PER_HOUR; n++) {
      const response = await user.call('POST', '/api/support', {
        subject: `Question ${n}`,
        message: 'Hello',
      });
      expect(response.statusCode).toBe(201);
    }
    const refused = await user.call('POST', '/api/support', { subject: 'One more', message: 'Hello' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json().error).toContain(SUPPORT_EMAIL);
    expect(await ticketsOf(user.userId)).toHaveLength(SUPPORT_MESSAGES_PER_HOUR);

    const other = await signedInUser();
    const response = await other.call('POST', '/api/support', { subject: 'Mine', message: 'Hello' });
    expect(response.statusCode).toBe(201);
  });
});

describe("GET /api/support: the user's own messages", () => {
  it("lists only the caller's messages, newest first, with the team's replies but not who wrote them", async () => {
    const user = await signedInUser('user', 'asker');
    const admin = await signedInUser('admin', 'helper');
    const stranger = await signedInUser('user', 'stranger');
    const first = (await user.call('POST', '/api/support', { subject: 'First', message: 'One' })).json().id;
    await user.call('POST', '/api/support', { subject: 'Second', message: 'Two' });
    await stranger.call('POST', '/api/support', { subject: 'Not yours', message: 'Three' });
    const replied = await admin.call('POST', `/api/admin/support/${first}/reply`, { message: 'Fixed it' });
    expect(replied.statusCode).toBe(200);

    const response = await user.call('GET', '/api/support');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { tickets, nextCursor } = response.json();
    expect(nextCursor).toBeNull();
    expect(tickets.map((ticket: { subject: string }) => ticket.subject)).toEqual(['Second', 'First']);
    expect(tickets[1]).toMatchObject({ id: first, message: 'One', status: 'answered' });
    expect(tickets[1].replies).toEqual([
      { id: expect.any(String), at: expect.any(String), author: 'admin', message: 'Fixed it' },
    ]);
    expect(JSON.stringify(tickets)).not.toContain(admin.email);
    expect(tickets[0]).toMatchObject({ status: 'open', replies: [] });
  });

  it('pages with a cursor; refuses a bad cursor (400) and a signed-out caller (401)', async () => {
    const user = await signedInUser('user', 'pager');
    for (const subject of ['a', 'b', 'c']) await user.call('POST', '/api/support', { subject, message: 'x' });
    const page1 = (await user.call('GET', '/api/support?limit=2')).json();
    expect(page1.tickets.map((ticket: { subject: string }) => ticket.subject)).toEqual(['c', 'b']);
    const page2 = (await user.call('GET', `/api/support?limit=2&cursor=${page1.nextCursor}`)).json();
    expect(page2.tickets.map((ticket: { subject: string }) => ticket.subject)).toEqual(['a']);
    expect(page2.nextCursor).toBeNull();
    expect((await user.call('GET', '/api/support?cursor=nonsense')).statusCode).toBe(400);
    expect((await user.call('GET', '/api/support?limit=0')).statusCode).toBe(400);
    expect((await runtime.app.inject({ method: 'GET', url: '/api/support' })).statusCode).toBe(401);
  });
});

describe('admin support endpoints', () => {
  it('need a session (401) and an admin role (403 for a normal user)', async () => {
    const anonymous = await runtime.app.inject({ method: 'GET', url: '/api/admin/support' });
    expect(anonymous.statusCode).toBe(401);
    const user = await signedInUser();
    const sent = await user.call('POST', '/api/support', { subject: 'Mine', message: 'Hello' });
    const list = await user.call('GET', '/api/admin/support');
    expect(list.statusCode).toBe(403);
    expect(list.json().error).toBe(MESSAGES.adminRequired);
    const reply = await user.call('POST', `/api/admin/support/${sent.json().id}/reply`, {
      message: 'Self-answer',
    });
    expect(reply.statusCode).toBe(403);
    expect((await ticketsOf(user.userId))[0]?.status).toBe('open');
  });

  it('lists newest first with a status filter and cursor paging', async () => {
    const admin = await signedInUser('admin');
    const author = await signedInUser();
    // Fixed times (two in the same millisecond) so the order is known; ids break the tie.
    const base = Date.UTC(2031, 0, 1, 12);
    const rows = [0, 1000, 1000, 2000, 3000].map((offset, index) => ({
      id: `tkt_paging${index}`,
      userId: author.userId,
      email: author.email,
      subject: `Paging ${index}`,
      message: 'm',
      status: index === 3 ? ('answered' as const) : ('open' as const),
      createdAt: new Date(base + offset),
    }));
    await runtime.services.db.insert(supportTickets).values(rows);
    const expected = ['tkt_paging4', 'tkt_paging3', 'tkt_paging2', 'tkt_paging1', 'tkt_paging0'];

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/admin/support?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await admin.call('GET', query);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.tickets.length).toBeLessThanOrEqual(2);
      seen.push(...body.tickets.map((ticket: { id: string }) => ticket.id));
      cursor = body.nextCursor;
    } while (cursor);
    // Tickets sent by other tests are older (real clock), so the five come first, in order.
    expect(seen.slice(0, 5)).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);

    const answered = (await admin.call('GET', '/api/admin/support?status=answered')).json();
    expect(answered.tickets.map((ticket: { id: string }) => ticket.id)).toContain('tkt_paging3');
    expect(answered.tickets.every((ticket: { status: string }) => ticket.status === 'answered')).toBe(true);
    const open = (await admin.call('GET', '/api/admin/support?status=open&limit=100')).json();
    expect(open.tickets.map((ticket: { id: string }) => ticket.id)).not.toContain('tkt_paging3');
    expect(open.tickets[0]).toMatchObject({
      id: 'tkt_paging4',
      userId: author.userId,
      email: author.email,
      subject: 'Paging 4',
      status: 'open',
      createdAt: new Date(base + 3000).toISOString(),
      replies: [],
    });

    for (const bad of ['cursor=not-a-cursor', 'status=closed', 'limit=0', 'limit=101']) {
      const response = await admin.call('GET', `/api/admin/support?${bad}`);
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('replies: stored on the ticket, which becomes answered, and mailed to the user', async () => {
    const admin = await signedInUser('admin', 'operator');
    const user = await signedInUser('user', 'waiting');
    const id = await ticketOf(user, { subject: 'Refund?', message: 'Can I get one?' });

    const empty = await admin.call('POST', `/api/admin/support/${id}/reply`, { message: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Please write a reply');
    const unknown = await admin.call('POST', '/api/admin/support/tkt_nope/reply', { message: 'Hello' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(TICKET_NOT_FOUND);

    await inbox.waitForMail(user.email); // the receipt, so the next mail to the user is the reply
    const since = inbox.messages.length;
    const response = await admin.call('POST', `/api/admin/support/${id}/reply`, {
      message: ' Yes: credits never expire, but we refunded this pack. ',
    });
    expect(response.statusCode).toBe(200);
    const { ticket } = response.json();
    expect(ticket).toMatchObject({ id, status: 'answered', email: user.email });
    expect(ticket.replies).toEqual([
      {
        id: expect.stringMatching(/^srep_/),
        at: expect.any(String),
        author: 'admin',
        adminEmail: admin.email,
        message: 'Yes: credits never expire, but we refunded this pack.',
      },
    ]);

    const mail = await inbox.waitForMail(user.email, { since });
    expect(mail.subject).toBe('Re: Refund?');
    expect(replyToOf(mail)).toBe(SUPPORT_EMAIL);
    expect(mail.text).toContain('Yes: credits never expire, but we refunded this pack.');
    expect(mail.text).toContain('Can I get one?');

    const answered = (await admin.call('GET', '/api/admin/support?status=answered&limit=100')).json();
    const listed = answered.tickets.find((row: { id: string }) => row.id === id);
    expect(listed.replies).toHaveLength(1);
    expect((await ticketsOf(user.userId))[0]?.status).toBe('answered');
  });

  it('refuses to answer a deleted account (409), keeps the ticket open and forgets its address', async () => {
    const admin = await signedInUser('admin');
    const user = await signedInUser();
    const id = await ticketOf(user, { subject: 'Bye', message: 'Deleting soon' });
    const deleted = await deleteAccount(runtime.app, user.cookie, { confirmEmail: user.email });
    expect(deleted.statusCode).toBe(200);
    // The ticket stays for the record without the address.
    expect((await ticketsOf(user.userId))[0]?.email).toBe(`deleted-${user.userId}@deleted.invalid`);
    const response = await admin.call('POST', `/api/admin/support/${id}/reply`, { message: 'Hello?' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(TICKET_OWNER_DELETED);
    const { rows } = await runtime.services.pool.query('select status from support_tickets where id = $1', [
      id,
    ]);
    expect(rows[0]?.status).toBe('open');
  });
});

describe('POST /api/support/:id/reply: the user writes again in their thread', () => {
  const repliesOf = async (ticketId: string) =>
    (
      await runtime.services.pool.query(
        'select author, author_user_id, message from support_replies where ticket_id = $1 order by created_at, id',
        [ticketId],
      )
    ).rows as { author: string; author_user_id: string; message: string }[];

  it('keeps the reply, mails it to support, and opens an answered message again; the admin sees the whole thread and answers again', async () => {
    const admin = await signedInUser('admin', 'thread-admin');
    const user = await signedInUser('user', 'thread-user');
    const id = await ticketOf(user, { subject: 'Webhook 500s', message: 'My endpoint gets 500s' });
    await admin.call('POST', `/api/admin/support/${id}/reply`, { message: 'Which endpoint?' });
    expect((await ticketsOf(user.userId))[0]?.status).toBe('answered');

    const response = await user.call('POST', `/api/support/${id}/reply`, {
      message: '  https://hooks.example.test/conduit\n\nSince Monday.  ',
    });
    expect(response.statusCode).toBe(200);
    const { ticket } = response.json();
    expect(ticket).toMatchObject({
      id,
      status: 'open',
      subject: 'Webhook 500s',
      message: 'My endpoint gets 500s',
    });
    expect(ticket.replies).toEqual([
      { id: expect.any(String), at: expect.any(String), author: 'admin', message: 'Which endpoint?' },
      {
        id: expect.stringMatching(/^srep_/),
        at: expect.any(String),
        author: 'user',
        message: 'https://hooks.example.test/conduit\n\nSince Monday.',
      },
    ]);
    expect(JSON.stringify(ticket)).not.toContain(admin.email);
    expect(await repliesOf(id)).toEqual([
      { author: 'admin', author_user_id: admin.userId, message: 'Which endpoint?' },
      {
        author: 'user',
        author_user_id: user.userId,
        message: 'https://hooks.example.test/conduit\n\nSince Monday.',
      },
    ]);
    expect((await ticketsOf(user.userId))[0]?.status).toBe('open');

    const toSupport = await inbox.waitForMail(SUPPORT_EMAIL, { subject: `[Support ${id}] Re: Webhook 500s` });
    expect(replyToOf(toSupport)).toBe(user.email);
    expect(toSupport.text).toContain(`User ID: ${user.userId}`);
    expect(toSupport.text).toContain('Since Monday.');
    expect(toSupport.text).toContain('My endpoint gets 500s');
    // The reply is one mail, to the other side: the user does not get their own reply back.
    expect(mailsTo(user.email).filter((mail) => mail.text?.includes('Since Monday.'))).toEqual([]);

    const open = (await admin.call('GET', '/api/admin/support?status=open&limit=100')).json();
    const listed = open.tickets.find((row: { id: string }) => row.id === id);
    expect(
      listed.replies.map((reply: { author: string; adminEmail: string | null; message: string }) => [
        reply.author,
        reply.adminEmail,
        reply.message,
      ]),
    ).toEqual([
      ['admin', admin.email, 'Which endpoint?'],
      ['user', null, 'https://hooks.example.test/conduit\n\nSince Monday.'],
    ]);
    const again = await admin.call('POST', `/api/admin/support/${id}/reply`, { message: 'Fixed, retried.' });
    expect(again.statusCode).toBe(200);
    expect(again.json().ticket.replies.map((reply: { author: string }) => reply.author)).toEqual([
      'admin',
      'user',
      'admin',
    ]);
    expect((await ticketsOf(user.userId))[0]?.status).toBe('answered');
  });

  it("is 404 on someone else's message or an unknown one, 401 signed out, and stores nothing", async () => {
    const owner = await signedInUser('user', 'thread-owner');
    const stranger = await signedInUser('user', 'thread-stranger');
    const { id } = (await owner.call('POST', '/api/support', { subject: 'Mine', message: 'Private' })).json();
    for (const url of [`/api/support/${id}/reply`, '/api/support/tkt_nope/reply']) {
      const response = await stranger.call('POST', url, { message: 'Let me in' });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ error: TICKET_NOT_FOUND, code: 'NOT_FOUND' });
    }
    const anonymous = await runtime.app.inject({
      method: 'POST',
      url: `/api/support/${id}/reply`,
      payload: { message: 'Hello' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await repliesOf(id)).toEqual([]);
    expect((await ticketsOf(owner.userId))[0]?.status).toBe('open');
  });

  it('refuses an empty, over-long or non-text reply with a clear 400 and stores nothing', async () => {
    const user = await signedInUser('user', 'thread-bad');
    const id = await ticketOf(user, { subject: 'Q', message: 'First' });
    const cases: [unknown, string][] = [
      [{ message: '  \n ' }, 'Please write a reply'],
      [{}, 'Please write a reply'],
      [
        { message: 'x'.repeat(SUPPORT_MESSAGE_MAX + 1) },
        `Reply must be at most ${SUPPORT_MESSAGE_MAX} characters`,
      ],
      [{ message: 7 }, 'message must be text'],
      [{ message: 'Hi', urgent: true }, 'Unrecognized key: "urgent"'],
    ];
    for (const [payload, error] of cases) {
      const response = await user.call('POST', `/api/support/${id}/reply`, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(response.json()).toMatchObject({ error, code: 'VALIDATION_FAILED' });
    }
    expect(await repliesOf(id)).toEqual([]);
  });

  it(`counts replies with new messages: ${SUPPORT_MESSAGES_PER_HOUR} an hour, then 429`, async () => {
    const user = await signedInUser('user', 'thread-chatty');
    const id = await ticketOf(user, { subject: 'Chat', message: 'One' });
    for (let n = 2; n <= SUPPORT_MESSAGES_PER_HOUR; n++) {
      const response = await user.call('POST', `/api/support/${id}/reply`, { message: `Message ${n}` });
      expect(response.statusCode).toBe(200);
    }
    const refused = await user.call('POST', `/api/support/${id}/reply`, { message: 'One too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await repliesOf(id)).toHaveLength(SUPPORT_MESSAGES_PER_HOUR - 1);
  });
});

describe('when SMTP is down', () => {
  it('keeps the ticket and leaves its mails queued for retry', async () => {
    // A port that refuses connections: grab a free one, then close it.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const address = server.address() as { port: number };
        server.close(() => resolve(address.port));
      });
    });
    const down = await createTestRuntime({ SMTP_URL: `smtp://127.0.0.1:${port}`, SUPPORT_EMAIL });
    try {
      const account = await signedInAccount(down);
      const response = await account.call('POST', '/api/support', {
        subject: 'Still there?',
        message: 'Mail is down',
      });
      expect(response.statusCode).toBe(201);
      const { rows: tickets } = await down.services.pool.query('select subject from support_tickets');
      expect(tickets).toEqual([{ subject: 'Still there?' }]);
      const deadline = Date.now() + 10_000;
      let states: string[] = [];
      while (Date.now() < deadline) {
        const { rows } = await down.services.pool.query(
          `select state from pgboss.job where name = 'support-mail' order by state`,
        );
        states = rows.map((row: { state: string }) => row.state);
        if (states.length === 2 && states.every((state) => state === 'retry')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(states).toEqual(['retry', 'retry']);
      expect(mailsTo(SUPPORT_EMAIL).some((mail) => mail.subject?.includes('Still there?'))).toBe(false);
    } finally {
      await down.close();
    }
  });
});
