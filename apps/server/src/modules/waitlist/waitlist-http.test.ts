import { CONTACT_SALES_TEXTS, WAITLIST_TEXTS } from '@conduit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../../../test/accounts.ts';
import { postJsonText } from '../../../test/json-text.ts';
import { linkIn, type SmtpInbox, startSmtpInbox } from '../../../test/smtp-inbox.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { normalizeWaitlistEmail } from './waitlist-email.ts';

const PUBLIC_URL = 'http://localhost:4400';
let runtime: TestRuntime;
let inbox: SmtpInbox;
let ipCounter = 0;
/** Each call from its own address unless told, so the per-IP limit does not couple the tests. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const answers = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines',
  role: 'founder',
  volume: '10k-100k',
  useCase: 'Product shots for our catalogue',
  ...overrides,
});
const join = (payload: unknown, remoteAddress = freshIp()) =>
  runtime.app.inject({ method: 'POST', url: '/waitlist/join', payload: payload as object, remoteAddress });
const post = (url: string, payload: unknown) =>
  runtime.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: freshIp() });
const entryCount = async () =>
  (await runtime.services.pool.query('select count(*)::int as n from waitlist_entries')).rows[0].n;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  runtime = await createTestRuntime({
    SMTP_URL: inbox.url,
    PUBLIC_URL,
    WAITLIST_MODE: 'true',
    ADMIN_EMAILS: 'ops@example.com',
    SALES_EMAIL: 'sales@example.com',
  });
});
afterAll(async () => {
  await runtime.close();
  await inbox.close();
});

describe('normalizeWaitlistEmail', () => {
  it.each([
    ['  Ada@Example.COM ', 'ada@example.com'],
    ['j.o.h.n+news@gmail.com', 'john@gmail.com'],
    ['John.Doe+x@GoogleMail.com', 'johndoe@gmail.com'],
    // One mailbox as the free-credit rule sees it: +tags of any provider fold away.
    ['first.last+tag@example.com', 'first.last@example.com'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeWaitlistEmail(input)).toBe(expected);
  });
});

describe('POST /waitlist/join', () => {
  it('adds the entry, answers the standing and mails the confirmation and status links', async () => {
    const response = await join(answers());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    // founder 10 + 10k-100k 20, not yet confirmed.
    expect(body).toMatchObject({
      position: 1,
      score: 30,
      priority: 'Medium',
      estimatedWait: 'Less than a week',
      email: 'ada@example.com',
      referrals: 0,
      verified: false,
    });
    expect(body.referralCode).toMatch(/^[a-z2-9]{8}$/);
    expect(body.referralLink).toBe(`${PUBLIC_URL}/?ref=${body.referralCode}`);
    expect(body.nextSteps).toHaveLength(3);

    const mail = await inbox.waitForMail('ada@example.com');
    // The answer carries the same signed status link as the mail, and it shows the same position.
    expect(body.statusLink).toBe(new URL(linkIn(mail, `${PUBLIC_URL}/waitlist/status?`)).toString());
    const fromAnswer = new URL(body.statusLink);
    const justJoined = await runtime.app.inject({
      method: 'GET',
      url: `${fromAnswer.pathname}${fromAnswer.search}`,
      headers: { accept: 'application/json' },
    });
    expect(justJoined.json()).toMatchObject({ position: body.position, score: body.score });
    expect(mail.subject).toBe('Confirm your spot on the Conduit waitlist');
    const confirm = new URL(linkIn(mail, `${PUBLIC_URL}/waitlist/verify?token=`));
    const status = new URL(linkIn(mail, `${PUBLIC_URL}/waitlist/status?`));
    expect(status.searchParams.get('email')).toBe('ada@example.com');

    const verified = await post('/api/waitlist/verify', { token: confirm.searchParams.get('token') });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ alreadyVerified: false, message: WAITLIST_TEXTS.verified });
    expect(verified.json().statusLink).toBe(status.toString());
    const again = await post('/api/waitlist/verify', { token: confirm.searchParams.get('token') });
    expect(again.json()).toMatchObject({ alreadyVerified: true });
    expect((await post('/api/waitlist/verify', { token: 'forged' })).statusCode).toBe(400);
    expect((await post('/api/waitlist/verify', {})).json().error).toBe(WAITLIST_TEXTS.missingToken);

    const standing = await runtime.app.inject({
      method: 'GET',
      url: `${status.pathname}${status.search}`,
      headers: { accept: 'application/json' },
    });
    expect(standing.statusCode).toBe(200);
    expect(standing.json()).toMatchObject({
      position: 1,
      score: 40,
      verified: true,
      email: 'ada@example.com',
    });
  });

  it('shows the status only through the signed link, never to someone who just knows the address', async () => {
    const status = (query: string) =>
      runtime.app.inject({
        method: 'GET',
        url: `/waitlist/status?${query}`,
        headers: { accept: 'application/json' },
      });
    for (const query of [
      'email=ada@example.com',
      'email=ada@example.com&token=abc',
      'email=nobody@example.com&token=x',
    ]) {
      const response = await status(query);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: WAITLIST_TEXTS.statusLinkInvalid, code: 'FORBIDDEN' });
      expect(response.body).not.toContain('position');
    }
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a missing name', { name: '  ' }, 'name', WAITLIST_TEXTS.required('Name')],
    ['a one-letter name', { name: 'A' }, 'name', WAITLIST_TEXTS.nameTooShort],
    ['a missing email', { email: undefined }, 'email', WAITLIST_TEXTS.required('Email')],
    ['a malformed email', { email: 'ada@example' }, 'email', WAITLIST_TEXTS.invalidEmail],
    ['a missing select', { role: '' }, 'role', WAITLIST_TEXTS.required('Role')],
    ['an unknown option', { role: 'wizard' }, 'role', WAITLIST_TEXTS.invalidOption('Role')],
    [
      'an overlong answer',
      { useCase: 'x'.repeat(2001) },
      'useCase',
      WAITLIST_TEXTS.tooLong('What will you build?', 2000),
    ],
  ])('refuses %s with the form text and writes nothing', async (_case, overrides, field, error) => {
    const before = await entryCount();
    const response = await join(answers({ email: 'new@example.com', ...overrides }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error, field, code: 'VALIDATION_FAILED' });
    expect(await entryCount()).toBe(before);
  });

  it('refuses unknown fields and non-string values with 400', async () => {
    expect((await join(answers({ email: 'x1@example.com', isAdmin: true }))).statusCode).toBe(400);
    expect((await join(answers({ email: 'x2@example.com', name: 42 }))).statusCode).toBe(400);
    const broken = await postJsonText(runtime.app, '/waitlist/join', '{"name":');
    expect(broken.statusCode).toBe(400);
  });

  it('lets one mailbox join once: case, Gmail dots and +tags are the same address', async () => {
    expect((await join(answers({ email: 'Grace.Hopper@gmail.com' }))).statusCode).toBe(201);
    for (const email of ['gracehopper@gmail.com', 'GRACE.HOPPER+waitlist@googlemail.com']) {
      const response = await join(answers({ email }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: WAITLIST_TEXTS.alreadyJoined, code: 'CONFLICT' });
    }
    const parallel = await Promise.all([
      join(answers({ email: 'twin@example.com' })),
      join(answers({ email: 'TWIN@example.com' })),
    ]);
    expect(parallel.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });

  it('+tag aliases of one non-Gmail mailbox join once, so they cannot farm referrals', async () => {
    const referrer = (await join(answers({ email: 'farmer@example.org' }))).json();
    const first = await join(answers({ email: 'crop+1@example.org', ref: referrer.referralCode }));
    expect(first.statusCode).toBe(201);
    for (const alias of ['crop+2@example.org', 'CROP+3@Example.org', 'crop@example.org']) {
      const again = await join(answers({ email: alias, ref: referrer.referralCode }));
      expect(again.statusCode, alias).toBe(409);
    }
    const { rows } = await runtime.services.pool.query(
      `select count(*)::int as n from waitlist_entries
        where referred_by = (select id from waitlist_entries where email = 'farmer@example.org')`,
    );
    expect(rows[0].n).toBe(1);
  });

  it('tells the form whether an address already joined, folding Gmail dots and +tags; a bad address is a 400', async () => {
    expect((await join(answers({ email: 'Katherine.Johnson@gmail.com' }))).statusCode).toBe(201);
    const check = (email: unknown) => post('/api/waitlist/check-email', { email });
    for (const email of ['katherinejohnson@gmail.com', ' KATHERINE.JOHNSON+x@googlemail.com ']) {
      const response = await check(email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ isOnWaitlist: true });
    }
    expect((await check('dorothy@example.com')).json()).toEqual({ isOnWaitlist: false });
    const bad = await check('not an address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: WAITLIST_TEXTS.invalidEmail, field: 'email' });
    expect((await check(42)).statusCode).toBe(400);
    expect((await post('/api/waitlist/check-email', { email: 'a@example.com', extra: 1 })).statusCode).toBe(
      400,
    );
  });

  it('limits address checks from one IP', async () => {
    const ip = '10.99.0.1';
    const statuses: number[] = [];
    for (let index = 0; index < 61; index += 1) {
      const response = await runtime.app.inject({
        method: 'POST',
        url: '/api/waitlist/check-email',
        payload: { email: `probe${index}@example.com` },
        remoteAddress: ip,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it('records a referral, refuses self-referral and ignores unknown codes', async () => {
    const referrer = (await join(answers({ email: 'linus@example.com' }))).json();
    const self = await join(answers({ email: 'LINUS@example.com', ref: referrer.referralCode }));
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ error: WAITLIST_TEXTS.selfReferral, field: 'ref' });
    expect((await join(answers({ email: 'stranger@example.com', ref: 'zzzzzzzz' }))).statusCode).toBe(201);
    const friend = await join(
      answers({ email: 'friend@example.com', ref: referrer.referralCode.toUpperCase() }),
    );
    expect(friend.statusCode).toBe(201);
    const { rows } = await runtime.services.pool.query(
      `select r.email from waitlist_entries e join waitlist_entries r on r.id = e.referred_by where e.email = 'friend@example.com'`,
    );
    expect(rows).toEqual([{ email: 'linus@example.com' }]);
  });

  it('limits joins per IP with 429 and Retry-After', async () => {
    const ip = '192.0.2.77';
    const answersFor = (n: number) => answers({ email: `burst${n}@example.com` });
    for (let n = 0; n < 20; n++) expect((await join(answersFor(n), ip)).statusCode).toBe(201);
    const refused = await join(answersFor(20), ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/waitlist/resend-verification', () => {
  it('answers the same whether or not the address is listed, and mails the right link', async () => {
    await join(answers({ email: 'pending@example.com' }));
    const since = inbox.messages.length;
    const listed = await post('/api/waitlist/resend-verification', { email: 'Pending@example.com' });
    const unlisted = await post('/api/waitlist/resend-verification', { email: 'ghost@example.com' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ ok: true, message: WAITLIST_TEXTS.resendAccepted });
    expect(unlisted.json()).toEqual(listed.json());
    const mail = await inbox.waitForMail('pending@example.com', { since });
    expect(linkIn(mail, `${PUBLIC_URL}/waitlist/verify?token=`)).toBeTruthy();

    const statusSince = inbox.messages.length;
    await post('/api/waitlist/resend-verification', { email: 'ada@example.com' });
    const statusMail = await inbox.waitForMail('ada@example.com', { since: statusSince });
    expect(statusMail.subject).toBe('Your place on the Conduit waitlist');
    expect(linkIn(statusMail, `${PUBLIC_URL}/waitlist/status?`)).toBeTruthy();
    expect((await post('/api/waitlist/resend-verification', { email: 'nope' })).statusCode).toBe(400);
  });
});

describe('POST /contact/sales', () => {
  const message = {
    name: ' Ada ',
    email: ' ada@example.com ',
    company: ' Engines ',
    message: ' Volume pricing? ',
  };

  it('stores the trimmed message, mails sales and acknowledges the sender', async () => {
    const since = inbox.messages.length;
    const response = await post('/contact/sales', message);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, message: CONTACT_SALES_TEXTS.sent });
    const { rows } = await runtime.services.pool.query(
      'select name, email, company, message from sales_contacts',
    );
    expect(rows).toEqual([
      { name: 'Ada', email: 'ada@example.com', company: 'Engines', message: 'Volume pricing?' },
    ]);
    const toSales = await inbox.waitForMail('sales@example.com', { since });
    expect(toSales.text).toContain('Volume pricing?');
    const ack = await inbox.waitForMail('ada@example.com', { since });
    expect(ack.text).toContain('within 24 hours');
    expect(ack.text).not.toContain('Volume pricing?');
  });

  it.each([
    ['name', { name: '   ' }, WAITLIST_TEXTS.required('Name')],
    ['email', { email: '' }, WAITLIST_TEXTS.required('Email')],
    ['email', { email: 'ada@' }, WAITLIST_TEXTS.invalidEmail],
    ['company', { company: undefined }, WAITLIST_TEXTS.required('Company')],
    ['message', { message: '\n' }, WAITLIST_TEXTS.required('Message')],
  ])('refuses a bad %s with its text', async (field, overrides, error) => {
    const response = await post('/contact/sales', { ...message, ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error, field, code: 'VALIDATION_FAILED' });
  });
});

describe('waitlist mode', () => {
  it('refuses public sign-up and sign-in with 403, but not the operators', async () => {
    const register = (email: string) => post('/api/auth/register', { email, password: PASSWORD });
    const refused = await register('someone@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: WAITLIST_TEXTS.signupClosed, code: 'FORBIDDEN' });
    const login = await post('/api/auth/login', { email: 'someone@example.com', password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect((await runtime.app.inject({ method: 'GET', url: '/api/auth/google' })).statusCode).toBe(403);

    expect((await register('ops@example.com')).statusCode).toBe(201);
    // The operator's address gets past the gate to the usual checks (here: not verified yet).
    const opsLogin = await post('/api/auth/login', { email: 'ops@example.com', password: PASSWORD });
    expect(opsLogin.json().code).toBe('EMAIL_NOT_VERIFIED');
  });
});
