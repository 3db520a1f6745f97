import { AUTH_SERVER_MESSAGES as M } from '@conduit/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASSWORD, sessionCookieOf, signupCookieOf, verificationTokenFor } from '../../../test/accounts.ts';
import { mailRequestOn, withRuntimeAndInbox } from '../../../test/runtime-with-inbox.ts';
import { linkIn } from '../../../test/smtp-inbox.ts';

const register = (payload: Record<string, unknown>) =>
  started.runtime.app.inject({ method: 'POST', url: '/api/auth/register', payload });
/** Opens a verification link; `cookie` is the sign-up browser's cookie when it is that browser. */
const verify = (token: string, cookie?: string) =>
  started.runtime.app.inject({
    method: 'GET',
    url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    headers: cookie ? { cookie } : {},
  });
/** Signs up in a browser; answers the account, that browser's sign-up cookie and the mailed token. */
async function signUp(email: string) {
  const since = started.inbox.messages.length;
  const response = await register({ email, password: PASSWORD });
  const token = await verificationTokenFor(started.inbox, email, since);
  return { user: response.json().user as { _id: string }, browser: signupCookieOf(response), token };
}
const ledgerOf = async (userId: string) =>
  (
    await started.runtime.services.pool.query(
      'select delta, reason, balance_after from credit_entries where workspace_id = $1 order by created_at',
      [userId],
    )
  ).rows;
const balanceOf = async (userId: string) =>
  (
    await started.runtime.services.pool.query('select balance from credit_accounts where workspace_id = $1', [
      userId,
    ])
  ).rows[0]?.balance;

const started = withRuntimeAndInbox({ PUBLIC_URL: 'http://localhost:4321' });

describe('POST /api/auth/register', () => {
  it('creates an unverified account, mails a verification link and does not sign in', async () => {
    const response = await register({
      email: '  Ada@Example.com ',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ emailSent: true, message: M.registered });
    expect(body.user).toMatchObject({ email: 'ada@example.com', emailVerified: false, role: 'user' });
    expect(body.user._id).toMatch(/^usr_/);
    expect(body.user.apiProvider).toEqual({ maxApiKeys: 10, tier: 'free' });
    expect(response.cookies.find((c) => c.name === 'conduit_session')).toBeUndefined();

    const mail = await started.inbox.waitForMail('ada@example.com');
    expect(mail.subject).toBe('Verify your email for Conduit');
    expect(mail.html).toContain('Verify email');
    expect(linkIn(mail, 'http://localhost:4321/auth/verify-email?token=')).toBeTruthy();
    expect(await balanceOf(body.user._id)).toBe(0);
  });

  it.each([
    [{}, M.allFieldsRequired, 'email'],
    [{ email: 'x@example.com', password: '' }, M.allFieldsRequired, 'password'],
    [{ email: 'not-an-email', password: PASSWORD }, M.invalidEmail, 'email'],
    [{ email: 'short@example.com', password: '12345' }, M.passwordTooShort, 'password'],
  ])('refuses %j with "%s" and writes nothing', async (payload, error, field) => {
    const before = (await started.runtime.services.pool.query('select count(*)::int as n from users')).rows[0]
      .n;
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error, field, code: 'VALIDATION_FAILED' });
    expect(
      (await started.runtime.services.pool.query('select count(*)::int as n from users')).rows[0].n,
    ).toBe(before);
  });

  it('answers 409 "User already exists" for a taken address, whatever its case', async () => {
    await register({ email: 'taken@example.com', password: PASSWORD });
    const response = await register({ email: 'TAKEN@example.com', password: 'another password' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: M.userExists, code: 'CONFLICT' });
  });

  it('lets exactly one of two parallel registrations of one address through', async () => {
    const answers = await Promise.all([
      register({ email: 'race@example.com', password: PASSWORD }),
      register({ email: 'race@example.com', password: PASSWORD }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await started.runtime.services.pool.query(
      "select id from users where email = 'race@example.com'",
    );
    expect(rows.rowCount).toBe(1);
    expect(
      (
        await started.runtime.services.pool.query(
          'select count(*)::int as n from credit_accounts where workspace_id = $1',
          [rows.rows[0].id],
        )
      ).rows[0].n,
    ).toBe(1);
  });
});

describe('GET /api/auth/verify-email', () => {
  it('in the browser that signed up: verifies once, grants 20 credits as one ledger entry, and signs in', async () => {
    const { user, browser, token } = await signUp('grace@example.com');

    const first = await verify(token, browser);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: M.verified, alreadyVerified: false, creditsGranted: 20 });
    const cookie = sessionCookieOf(first);
    const me = await started.runtime.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json().user).toMatchObject({ email: 'grace@example.com', emailVerified: true });
    const credits = await started.runtime.app.inject({
      method: 'GET',
      url: '/api/credits',
      headers: { cookie },
    });
    expect(credits.json()).toMatchObject({ balance: 20, totalPurchased: 0, totalUsed: 0 });
    // Signing in through the link is a login: the admin users list shows it.
    const login = await started.runtime.services.db.execute(
      sql`select last_login_at from users where id = ${user._id}`,
    );
    expect(login.rows[0]?.last_login_at).toBeTruthy();

    const again = await verify(token, browser);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: M.alreadyVerified, alreadyVerified: true, creditsGranted: 0 });
    expect(again.cookies.find((c) => c.name === 'conduit_session')).toBeUndefined();
    expect(await ledgerOf(user._id)).toEqual([{ delta: 20, reason: 'free_credits', balance_after: 20 }]);
  });

  it('grants the credits exactly once when the same link is opened twice at the same moment', async () => {
    const { user, browser, token } = await signUp('twice@example.com');
    const answers = await Promise.all([
      verify(token, browser),
      verify(token, browser),
      verify(token, browser),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((r) => r.json().creditsGranted).sort()).toEqual([0, 0, 20]);
    expect(answers.filter((r) => r.cookies.some((c) => c.name === 'conduit_session'))).toHaveLength(1);
    expect(await balanceOf(user._id)).toBe(20);
    expect(await ledgerOf(user._id)).toHaveLength(1);
  });

  it('verifying revokes every other link: a later one answers "already verified" and never signs in', async () => {
    const { user, browser, token: first } = await signUp('two-links@example.com');
    const resent = started.inbox.messages.length;
    await started.runtime.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email: 'two-links@example.com' },
    });
    const second = await verificationTokenFor(started.inbox, 'two-links@example.com', resent);
    expect(second).not.toBe(first);
    expect((await verify(first, browser)).json().creditsGranted).toBe(20);
    for (const cookie of [browser, undefined]) {
      const later = await verify(second, cookie);
      expect(later.statusCode).toBe(200);
      expect(later.json()).toEqual({ message: M.alreadyVerified, alreadyVerified: true, creditsGranted: 0 });
      expect(later.cookies.find((c) => c.name === 'conduit_session')).toBeUndefined();
    }
    const unused = await started.runtime.services.pool.query(
      'select count(*)::int as n from email_verification_tokens where user_id = $1 and used_at is null',
      [user._id],
    );
    expect(unused.rows[0].n).toBe(0);
    expect(await balanceOf(user._id)).toBe(20);
  });

  it('refuses unknown, missing and expired tokens', async () => {
    const unknown = await verify('not-a-real-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: M.invalidToken });
    const missing = await started.runtime.app.inject({ method: 'GET', url: '/api/auth/verify-email' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: M.missingToken });

    const since = started.inbox.messages.length;
    const { user } = (await register({ email: 'late@example.com', password: PASSWORD })).json();
    const token = await verificationTokenFor(started.inbox, 'late@example.com', since);
    await started.runtime.services.pool.query(
      "update email_verification_tokens set expires_at = now() - interval '1 second' where user_id = $1",
      [user._id],
    );
    const expired = await verify(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ error: M.invalidToken });
    expect(await balanceOf(user._id)).toBe(0);
    const row = await started.runtime.services.db.execute(
      sql`select email_verified_at from users where id = ${user._id}`,
    );
    expect(row.rows[0]?.email_verified_at).toBeNull();
  });

  it('stores only a hash of the token', async () => {
    const since = started.inbox.messages.length;
    await register({ email: 'hashed@example.com', password: PASSWORD });
    const token = await verificationTokenFor(started.inbox, 'hashed@example.com', since);
    const rows = await started.runtime.services.pool.query(
      'select token_hash from email_verification_tokens',
    );
    expect(rows.rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});

describe('POST /api/auth/resend-verification', () => {
  const resend = mailRequestOn(started, '/api/auth/resend-verification', '10.0.0.1');

  it('answers the same for unknown, unverified and verified addresses, and mails only the unverified', async () => {
    await register({ email: 'pending@example.com', password: PASSWORD });
    const since = started.inbox.messages.length;
    const answers = await Promise.all([
      resend('nobody@example.com', '10.0.0.2'),
      resend('pending@example.com', '10.0.0.3'),
      resend('grace@example.com', '10.0.0.4'),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ message: M.resendAccepted });
    }
    await started.inbox.waitForMail('pending@example.com', { since });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const recipients = started.inbox.messages
      .slice(since)
      .map((mail) => mail.to && 'text' in mail.to && mail.to.text);
    expect(recipients).toEqual(['pending@example.com']);
  });

  it('limits resends per address (3 an hour) with Retry-After', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await resend('limited@example.com', `10.1.0.${attempt}`)).statusCode).toBe(200);
    }
    const refused = await resend('limited@example.com', '10.1.0.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a malformed address with 400', async () => {
    const response = await resend('nope', '10.2.0.1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: M.invalidEmail });
  });
});
