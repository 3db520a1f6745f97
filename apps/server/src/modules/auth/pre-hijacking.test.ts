import { AUTH_SERVER_MESSAGES as M, ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  sessionCookieOf,
  signIn,
  signUp,
  signupCookieOf,
  verificationTokenFor,
} from '../../../test/accounts.ts';
import { withRuntimeAndInbox } from '../../../test/runtime-with-inbox.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';

const ATTACKER_PASSWORD = 'attacker chose this';
const started = withRuntimeAndInbox({ ADMIN_EMAILS: 'boss@example.com' });
let waitlist: TestRuntime;
beforeAll(async () => {
  waitlist = await createTestRuntime({
    SMTP_URL: started.inbox.url,
    ADMIN_EMAILS: 'chief@example.com',
    WAITLIST_MODE: 'true',
  });
});
afterAll(() => waitlist?.close());

/** Someone registers `email` with a password of their choosing; the mailbox owner gets the link. */
async function registerAs(target: TestRuntime, email: string, password: string) {
  const since = started.inbox.messages.length;
  const response = await signUp(target.app, email, password);
  expect(response.statusCode).toBe(201);
  return {
    browser: signupCookieOf(response),
    token: await verificationTokenFor(started.inbox, email, since),
  };
}
const openLink = (target: TestRuntime, token: string) =>
  target.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` });
const answerLink = (target: TestRuntime, payload: Record<string, unknown>) =>
  target.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload });
const login = (target: TestRuntime, email: string, password: string) => signIn(target.app, email, password);
const rowOf = async (target: TestRuntime, email: string) =>
  (
    await target.services.pool.query(
      `select u.id, u.role, u.email_verified_at, u.password_hash, c.balance
         from users u join credit_accounts c on c.workspace_id = u.id where u.email = $1`,
      [email],
    )
  ).rows[0];

describe('a password chosen before the address was proven (pre-account hijacking)', () => {
  it('a link opened in another browser changes nothing and asks for the password', async () => {
    const { token } = await registerAs(started.runtime, 'victim@example.com', ATTACKER_PASSWORD);
    const opened = await openLink(started.runtime, token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({
      message: T.verifyNeedsPassword,
      alreadyVerified: false,
      creditsGranted: 0,
      passwordRequired: true,
    });
    expect(opened.cookies.find((c) => c.name === 'conduit_session')).toBeUndefined();
    expect((await rowOf(started.runtime, 'victim@example.com')).email_verified_at).toBeNull();
    expect((await login(started.runtime, 'victim@example.com', ATTACKER_PASSWORD)).json().code).toBe(
      'EMAIL_NOT_VERIFIED',
    );
  });

  it('"I did not create this account": verified, the stranger\'s password is gone, and the owner sets their own', async () => {
    const { token } = await registerAs(started.runtime, 'owner@example.com', ATTACKER_PASSWORD);
    const disowned = await answerLink(started.runtime, { token, disown: true });
    expect(disowned.statusCode).toBe(200);
    const body = disowned.json();
    expect(body).toMatchObject({ alreadyVerified: false, creditsGranted: 20 });
    expect(body.resetToken).toEqual(expect.any(String));
    expect(disowned.cookies.find((c) => c.name === 'conduit_session')).toBeUndefined();
    const row = await rowOf(started.runtime, 'owner@example.com');
    expect(row.email_verified_at).not.toBeNull();
    expect(row.password_hash).toBeNull();
    expect((await login(started.runtime, 'owner@example.com', ATTACKER_PASSWORD)).statusCode).toBe(401);

    const reset = await started.runtime.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: body.resetToken, newPassword: 'the real owner now' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().user).toMatchObject({ email: 'owner@example.com', hasPassword: true });
    sessionCookieOf(reset);
    expect((await login(started.runtime, 'owner@example.com', 'the real owner now')).statusCode).toBe(200);
    expect((await rowOf(started.runtime, 'owner@example.com')).balance).toBe(20);
  });

  it('the owner who signed up elsewhere verifies with the password; a wrong one changes nothing', async () => {
    const { token } = await registerAs(started.runtime, 'two-devices@example.com', PASSWORD);
    const wrong = await answerLink(started.runtime, { token, password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: T.passwordWrong, field: 'password' });
    expect((await rowOf(started.runtime, 'two-devices@example.com')).email_verified_at).toBeNull();

    const right = await answerLink(started.runtime, { token, password: PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ message: M.verified, alreadyVerified: false, creditsGranted: 20 });
    const me = await started.runtime.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: sessionCookieOf(right) },
    });
    expect(me.json().user.email).toBe('two-devices@example.com');
  });

  it('a sign-up cookie of another account does not count as the signing-up browser', async () => {
    const mine = await registerAs(started.runtime, 'mine@example.com', PASSWORD);
    const theirs = await registerAs(started.runtime, 'theirs@example.com', ATTACKER_PASSWORD);
    const opened = await started.runtime.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${theirs.token}`,
      headers: { cookie: mine.browser },
    });
    expect(opened.json().passwordRequired).toBe(true);
    const forged = await started.runtime.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${theirs.token}`,
      headers: { cookie: `conduit_signup=${(await rowOf(started.runtime, 'theirs@example.com')).id}` },
    });
    expect(forged.json().passwordRequired).toBe(true);
  });

  it.each([
    ['normal mode', () => started.runtime, 'boss@example.com'],
    ['waitlist mode', () => waitlist, 'chief@example.com'],
  ])(
    'in %s, an ADMIN_EMAILS address registered by a stranger never makes the stranger an admin',
    async (_mode, target, email) => {
      const { token } = await registerAs(target(), email, ATTACKER_PASSWORD);
      const disowned = await answerLink(target(), { token, disown: true });
      expect((await rowOf(target(), email)).role).toBe('user');
      expect((await login(target(), email, ATTACKER_PASSWORD)).statusCode).toBe(401);
      const reset = await target().app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: disowned.json().resetToken, newPassword: 'owner of the mailbox' },
      });
      expect(reset.json().user.role).toBe('admin');
    },
  );
});
