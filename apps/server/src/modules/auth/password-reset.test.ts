import { ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { PASSWORD, sessionCookieOf, signIn, signUp, turnOnTwoFactor } from '../../../test/accounts.ts';
import { mailRequestOn, verifiedAccountOn, withRuntimeAndInbox } from '../../../test/runtime-with-inbox.ts';
import { linkIn } from '../../../test/smtp-inbox.ts';

const RESET_SUBJECT = 'Reset your Conduit password';

const started = withRuntimeAndInbox({ PUBLIC_URL: 'http://localhost:4321' });

const forgot = mailRequestOn(started, '/api/auth/forgot-password', '10.9.0.1');
const reset = (token: string, newPassword: string) =>
  started.runtime.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, newPassword },
  });
const check = (token: string) =>
  started.runtime.app.inject({ method: 'POST', url: '/api/auth/reset-password/check', payload: { token } });
const login = (email: string, password: string) => signIn(started.runtime.app, email, password);
const me = (cookie: string) =>
  started.runtime.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

/** Asks for a reset and answers the token of the link mailed for it. */
async function resetTokenFor(email: string, ip?: string) {
  const since = started.inbox.messages.length;
  expect((await forgot(email, ip)).statusCode).toBe(200);
  const mail = await started.inbox.waitForMail(email, { since, subject: RESET_SUBJECT });
  return new URL(linkIn(mail, 'http://localhost:4321/auth/reset-password?token=')).searchParams.get(
    'token',
  ) as string;
}

describe('forgot password', () => {
  it('answers the same for any address and mails only an existing account', async () => {
    await verifiedAccountOn(started, 'known@example.com');
    const since = started.inbox.messages.length;
    const answers = await Promise.all([
      forgot('known@example.com', '10.9.1.1'),
      forgot('ghost@example.com', '10.9.1.2'),
    ]);
    for (const answer of answers) expect(answer.json()).toEqual({ message: T.forgotAccepted });
    await started.inbox.waitForMail('known@example.com', { since, subject: RESET_SUBJECT });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(started.inbox.messages.slice(since).map((m) => m.subject)).toEqual([RESET_SUBJECT]);
  });

  it('limits requests per address (3 an hour)', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await forgot('spammed@example.com', `10.9.2.${i}`)).statusCode).toBe(200);
    const refused = await forgot('spammed@example.com', '10.9.2.9');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('reset password', () => {
  it('sets the password, ends every session, signs this browser in, and works once', async () => {
    const { cookie } = await verifiedAccountOn(started, 'forgetful@example.com');
    const token = await resetTokenFor('forgetful@example.com', '10.9.3.1');
    const stored = await started.runtime.services.pool.query('select token_hash from password_reset_tokens');
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(token);

    // Its page asks first: usable, and asking spends nothing.
    expect((await check(token)).json()).toEqual({ message: T.resetLinkUsable });
    expect((await check(token)).statusCode).toBe(200);
    const short = await reset(token, '123');
    expect(short.statusCode).toBe(400);
    expect(short.json().field).toBe('newPassword');
    const done = await reset(token, 'a new beginning');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ message: T.resetDone, user: { email: 'forgetful@example.com' } });
    expect((await me(sessionCookieOf(done))).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await login('forgetful@example.com', PASSWORD)).statusCode).toBe(401);
    expect((await login('forgetful@example.com', 'a new beginning')).statusCode).toBe(200);

    const again = await reset(token, 'yet another one');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(T.resetInvalid);
    // A spent link says so when its page opens, as do a made-up one and none at all.
    for (const spent of [token, 'made-up-token', '']) {
      const answer = await check(spent);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ error: T.resetInvalid, field: 'token' });
    }
  });

  it('a new link revokes older ones; an expired link is refused', async () => {
    await verifiedAccountOn(started, 'twice-reset@example.com');
    const older = await resetTokenFor('twice-reset@example.com', '10.9.4.1');
    const newer = await resetTokenFor('twice-reset@example.com', '10.9.4.2');
    expect((await reset(older, 'older link password')).statusCode).toBe(400);
    await started.runtime.services.pool.query(
      "update password_reset_tokens set expires_at = now() - interval '1 second'",
    );
    expect((await check(newer)).statusCode).toBe(400);
    expect((await reset(newer, 'newer link password')).json().error).toBe(T.resetInvalid);
  });

  it('proves the address: an unverified account becomes verified with its free credits', async () => {
    await signUp(started.runtime.app, 'never-clicked@example.com', PASSWORD);
    const token = await resetTokenFor('never-clicked@example.com', '10.9.5.1');
    const done = await reset(token, 'verified by reset');
    expect(done.json().user).toMatchObject({ emailVerified: true });
    const credits = await started.runtime.app.inject({
      method: 'GET',
      url: '/api/credits',
      headers: { cookie: sessionCookieOf(done) },
    });
    expect(credits.json().balance).toBe(20);
  });

  it('does not skip two-factor authentication', async () => {
    const { cookie } = await verifiedAccountOn(started, 'guarded@example.com');
    await turnOnTwoFactor(started.runtime.app, cookie, PASSWORD);
    const done = await reset(await resetTokenFor('guarded@example.com', '10.9.6.1'), 'reset but guarded');
    expect(done.json()).toEqual({ twoFactorRequired: true, message: T.twoFactorRequired });
    expect(done.cookies.find((c) => c.name === 'conduit_session')).toBeUndefined();
  });
});
