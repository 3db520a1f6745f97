import { ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PASSWORD } from '../../../test/accounts.ts';
import { verifiedAccountOn, withRuntimeAndInbox } from '../../../test/runtime-with-inbox.ts';
import { linkIn } from '../../../test/smtp-inbox.ts';

// Issue 32, points 1 and 2: a pending address change or a reset link must not outlive the
// owner taking the account back, and the owner can cancel a change they did not ask for.
const ORIGIN = 'http://localhost:4321';
const started = withRuntimeAndInbox({ PUBLIC_URL: ORIGIN });
const inject = (options: InjectOptions) => started.runtime.app.inject(options);
const tokenOf = (url: string) => new URL(url).searchParams.get('token') as string;

/** The intruder (holding a session) asks to move the account to their mailbox: the confirm and cancel links. */
async function intruderAsksChange(cookie: string, owner: string, intruder: string) {
  const since = started.inbox.messages.length;
  const asked = await inject({
    method: 'POST',
    url: '/api/account/email',
    headers: { cookie },
    payload: { newEmail: intruder, password: PASSWORD },
  });
  expect(asked.statusCode).toBe(200);
  const confirmMail = await started.inbox.waitForMail(intruder, { since });
  const notice = await started.inbox.waitForMail(owner, {
    since,
    subject: 'Your Conduit address is about to change',
  });
  return {
    confirmToken: tokenOf(linkIn(confirmMail, `${ORIGIN}/auth/confirm-email?token=`)),
    notice,
  };
}

const confirm = (token: string) =>
  inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });

async function resetTokenFor(email: string, ip: string) {
  const since = started.inbox.messages.length;
  await inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: ip });
  const mail = await started.inbox.waitForMail(email, { since, subject: 'Reset your Conduit password' });
  return tokenOf(linkIn(mail, `${ORIGIN}/auth/reset-password?token=`));
}
const reset = (token: string, newPassword: string) =>
  inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });
const changePassword = (cookie: string, currentPassword: string, newPassword: string) =>
  inject({
    method: 'PUT',
    url: '/api/password',
    headers: { cookie },
    payload: { currentPassword, newPassword },
  });
const pendingChange = (cookie: string) =>
  inject({ method: 'GET', url: '/api/account/email', headers: { cookie } });

describe('a pending address change does not survive the owner taking the account back', () => {
  it('a password reset voids the change link', async () => {
    const { cookie } = await verifiedAccountOn(started, 'owner1@example.com');
    const { confirmToken } = await intruderAsksChange(cookie, 'owner1@example.com', 'thief1@example.com');
    const done = await reset(await resetTokenFor('owner1@example.com', '10.32.1.1'), 'owner took it back');
    expect(done.statusCode).toBe(200);
    const late = await confirm(confirmToken);
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe(T.emailChangeInvalid);
  });

  it('a password change voids the change link', async () => {
    const { cookie } = await verifiedAccountOn(started, 'owner2@example.com');
    const { confirmToken } = await intruderAsksChange(cookie, 'owner2@example.com', 'thief2@example.com');
    expect((await changePassword(cookie, PASSWORD, 'owner changed it')).statusCode).toBe(200);
    expect((await confirm(confirmToken)).json().error).toBe(T.emailChangeInvalid);
  });

  it('the owner sees the pending change in Settings and cancels it there', async () => {
    const { cookie } = await verifiedAccountOn(started, 'owner3@example.com');
    expect((await pendingChange(cookie)).json()).toEqual({ pending: null });
    const { confirmToken } = await intruderAsksChange(cookie, 'owner3@example.com', 'thief3@example.com');
    const pending = (await pendingChange(cookie)).json().pending;
    expect(pending).toMatchObject({ newEmail: 'thief3@example.com' });
    expect(Date.parse(pending.expiresAt)).toBeGreaterThan(Date.now());
    const cancelled = await inject({ method: 'DELETE', url: '/api/account/email', headers: { cookie } });
    expect(cancelled.json()).toEqual({ message: T.emailChangeCancelled });
    expect((await pendingChange(cookie)).json()).toEqual({ pending: null });
    expect((await confirm(confirmToken)).json().error).toBe(T.emailChangeInvalid);
  });

  it('the notice mail carries a single-use link that cancels the change', async () => {
    const { cookie } = await verifiedAccountOn(started, 'owner4@example.com');
    const { confirmToken, notice } = await intruderAsksChange(
      cookie,
      'owner4@example.com',
      'thief4@example.com',
    );
    const cancelToken = tokenOf(linkIn(notice, `${ORIGIN}/auth/cancel-email-change?token=`));
    const cancel = () =>
      inject({ method: 'POST', url: '/api/auth/cancel-email-change', payload: { token: cancelToken } });
    const [first, second] = await Promise.all([cancel(), cancel()]);
    const answers = [first, second].map((a) => a.statusCode).sort();
    expect(answers).toEqual([200, 400]);
    expect([first, second].find((a) => a.statusCode === 200)?.json()).toEqual({
      message: T.emailChangeCancelled,
    });
    expect((await confirm(confirmToken)).json().error).toBe(T.emailChangeInvalid);
    const forged = await inject({
      method: 'POST',
      url: '/api/auth/cancel-email-change',
      payload: { token: confirmToken },
    });
    expect(forged.json().error).toBe(T.emailChangeCancelInvalid);
    expect(
      (await inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().user.email,
    ).toBe('owner4@example.com');
  });
});

describe('reset links do not survive a password or address change', () => {
  it('a password change revokes outstanding reset links', async () => {
    const { cookie } = await verifiedAccountOn(started, 'reset1@example.com');
    const token = await resetTokenFor('reset1@example.com', '10.32.2.1');
    expect((await changePassword(cookie, PASSWORD, 'changed in settings')).statusCode).toBe(200);
    const late = await reset(token, 'the old link again');
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe(T.resetInvalid);
  });

  it('a confirmed address change revokes outstanding reset links', async () => {
    const { cookie } = await verifiedAccountOn(started, 'reset2@example.com');
    const token = await resetTokenFor('reset2@example.com', '10.32.2.2');
    const { confirmToken } = await intruderAsksChange(cookie, 'reset2@example.com', 'moved2@example.com');
    expect((await confirm(confirmToken)).statusCode).toBe(200);
    expect((await reset(token, 'the old link again')).json().error).toBe(T.resetInvalid);
  });
});
