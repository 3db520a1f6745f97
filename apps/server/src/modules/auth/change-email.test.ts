import { ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { PASSWORD, signIn } from '../../../test/accounts.ts';
import { verifiedAccountOn, withRuntimeAndInbox } from '../../../test/runtime-with-inbox.ts';
import { linkIn } from '../../../test/smtp-inbox.ts';

const started = withRuntimeAndInbox({ PUBLIC_URL: 'http://localhost:4321' });

const requestChange = (cookie: string, payload: object) =>
  started.runtime.app.inject({ method: 'POST', url: '/api/account/email', headers: { cookie }, payload });
const confirm = (token: string) =>
  started.runtime.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
const login = (email: string) => signIn(started.runtime.app, email, PASSWORD);

describe('changing the account address', () => {
  it('needs the password; the new address confirms; until then nothing changes; the old one is told', async () => {
    const { cookie } = await verifiedAccountOn(started, 'old@example.com');
    expect((await requestChange(cookie, { newEmail: 'new@example.com' })).json().error).toBe(
      T.currentPasswordRequired,
    );
    expect((await requestChange(cookie, { newEmail: 'new@example.com', password: 'wrong' })).statusCode).toBe(
      400,
    );
    expect((await requestChange(cookie, { newEmail: 'nope', password: PASSWORD })).statusCode).toBe(400);
    expect(
      (await requestChange(cookie, { newEmail: 'OLD@example.com', password: PASSWORD })).json().error,
    ).toBe(T.emailChangeSame);

    const since = started.inbox.messages.length;
    const asked = await requestChange(cookie, { newEmail: 'New@Example.com', password: PASSWORD });
    expect(asked.json()).toEqual({ message: T.emailChangeSent });
    const mail = await started.inbox.waitForMail('new@example.com', { since });
    await started.inbox.waitForMail('old@example.com', {
      since,
      subject: 'Your Conduit address is about to change',
    });
    const token = new URL(linkIn(mail, 'http://localhost:4321/auth/confirm-email?token=')).searchParams.get(
      'token',
    );
    expect((await login('old@example.com')).statusCode).toBe(200);
    expect((await login('new@example.com')).statusCode).toBe(401);

    expect((await confirm(token as string)).json()).toEqual({ message: T.emailChanged });
    expect((await login('new@example.com')).statusCode).toBe(200);
    expect((await login('old@example.com')).statusCode).toBe(401);
    await started.inbox.waitForMail('old@example.com', {
      since,
      subject: 'Your Conduit address was changed',
    });
    expect((await confirm(token as string)).json().error).toBe(T.emailChangeInvalid);
  });

  it('refuses an address another account holds, also when it was taken after the request', async () => {
    const { cookie } = await verifiedAccountOn(started, 'mover2@example.com');
    await verifiedAccountOn(started, 'holder@example.com');
    const taken = await requestChange(cookie, { newEmail: 'holder@example.com', password: PASSWORD });
    expect(taken.statusCode).toBe(409);

    const since = started.inbox.messages.length;
    await requestChange(cookie, { newEmail: 'later-taken@example.com', password: PASSWORD });
    const mail = await started.inbox.waitForMail('later-taken@example.com', { since });
    await verifiedAccountOn(started, 'later-taken@example.com');
    const token = new URL(linkIn(mail, 'http://localhost:4321/auth/confirm-email?token=')).searchParams.get(
      'token',
    );
    const late = await confirm(token as string);
    expect(late.statusCode).toBe(409);
    expect((await login('mover2@example.com')).statusCode).toBe(200);
  });
});
