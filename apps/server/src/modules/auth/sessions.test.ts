import { AUTH_SERVER_MESSAGES as M } from '@conduit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount, PASSWORD, sessionCookieOf, signIn, signUp } from '../../../test/accounts.ts';
import { type SmtpInbox, startSmtpInbox } from '../../../test/smtp-inbox.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';

let runtime: TestRuntime;
let inbox: SmtpInbox;
const login = (email: string, password: string, ip = '192.0.2.1') => signIn(runtime.app, email, password, ip);
const me = (cookie?: string) =>
  runtime.app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  inbox = await startSmtpInbox();
  runtime = await createTestRuntime({ SMTP_URL: inbox.url, ADMIN_EMAILS: 'boss@example.com' });
  await createVerifiedAccount(runtime.app, inbox, 'linus@example.com');
});
afterAll(async () => {
  await runtime.close();
  await inbox.close();
});

describe('POST /api/auth/login', () => {
  it('signs in with an HttpOnly, SameSite=Lax session cookie; /me answers the user', async () => {
    const response = await login('Linus@Example.com', PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      email: 'linus@example.com',
      emailVerified: true,
      hasPassword: true,
    });
    const cookie = response.cookies.find((c) => c.name === 'conduit_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(Number(cookie?.maxAge)).toBeGreaterThan(24 * 3600);
    const current = await me(sessionCookieOf(response));
    expect(current.statusCode).toBe(200);
    expect(current.json().user.email).toBe('linus@example.com');
    const stored = await runtime.services.pool.query('select token_hash from sessions');
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(cookie?.value);
  });

  it.each([
    [{ password: PASSWORD }, M.emailRequired, 400],
    [{ email: 'linus@example.com' }, M.passwordRequired, 400],
    [{ email: 'linus', password: PASSWORD }, M.invalidEmail, 400],
    [{ email: 'linus@example.com', password: 'wrong password' }, M.invalidCredentials, 401],
    [{ email: 'ghost@example.com', password: PASSWORD }, M.invalidCredentials, 401],
  ])('refuses %j with "%s"', async (payload, error, status) => {
    const response = await runtime.app.inject({ method: 'POST', url: '/api/auth/login', payload });
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toBe(error);
    expect(response.cookies).toHaveLength(0);
  });

  it('refuses an unverified account with EMAIL_NOT_VERIFIED, but only to someone who knows its password', async () => {
    await signUp(runtime.app, 'unverified@example.com', PASSWORD);
    const right = await login('unverified@example.com', PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', error: M.emailNotVerified });
    const wrong = await login('unverified@example.com', 'not the password');
    expect(wrong.statusCode).toBe(401);
  });

  it('locks an account for 15 minutes after 10 failed passwords, even for the right one', async () => {
    await createVerifiedAccount(runtime.app, inbox, 'target@example.com');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(
        (await login('target@example.com', `guess ${attempt}`, `198.51.100.${attempt}`)).statusCode,
      ).toBe(401);
    }
    const locked = await login('target@example.com', PASSWORD, '198.51.100.99');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect((await login('linus@example.com', PASSWORD, '198.51.100.99')).statusCode).toBe(200);
  });

  it('limits attempts per IP', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 101; attempt += 1) {
      answers.push((await login(`nobody${attempt}@example.com`, 'x', '203.0.113.7')).statusCode);
    }
    expect(answers.slice(0, 100).every((status) => status === 401)).toBe(true);
    expect(answers[100]).toBe(429);
  });

  it('makes ADMIN_EMAILS accounts admins when they sign in', async () => {
    await createVerifiedAccount(runtime.app, inbox, 'boss@example.com');
    const response = await login('boss@example.com', PASSWORD);
    expect(response.json().user.role).toBe('admin');
  });
});

describe('sessions', () => {
  it('/me is 401 without a cookie, with a made-up one, and after logout', async () => {
    expect((await me()).statusCode).toBe(401);
    expect((await me('conduit_session=forged')).statusCode).toBe(401);
    const cookie = sessionCookieOf(await login('linus@example.com', PASSWORD));
    expect((await me(cookie)).statusCode).toBe(200);
    const out = await runtime.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'conduit_session')?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('an expired session is refused', async () => {
    const cookie = sessionCookieOf(await login('linus@example.com', PASSWORD));
    await runtime.services.pool.query("update sessions set expires_at = now() - interval '1 second'");
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('refuses a cross-site state change (CSRF) and allows the same origin', async () => {
    const cookie = sessionCookieOf(await login('linus@example.com', PASSWORD));
    const forged = await runtime.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    const fetchMetadata = await runtime.app.inject({
      method: 'PUT',
      url: '/api/password',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: { newPassword: 'hijacked password' },
    });
    expect(fetchMetadata.statusCode).toBe(403);
    expect((await me(cookie)).statusCode).toBe(200);
    const own = await runtime.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: runtime.services.config.PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(200);
  });
});
