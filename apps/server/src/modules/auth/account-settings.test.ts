import { AUTH_SERVER_MESSAGES as M, ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { deleteAccount, PASSWORD, sessionCookieOf, signIn, signUp } from '../../../test/accounts.ts';
import { sessionCookieFor } from '../../../test/paid-account.ts';
import { verifiedAccountOn, withRuntimeAndInbox } from '../../../test/runtime-with-inbox.ts';
import { insertUser } from './users.ts';

const login = (email: string, password: string) => signIn(started.runtime.app, email, password);
const me = (cookie: string) =>
  started.runtime.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const setPassword = (cookie: string | undefined, payload: Record<string, unknown>) =>
  started.runtime.app.inject({
    method: 'PUT',
    url: '/api/password',
    headers: cookie ? { cookie } : {},
    payload,
  });
const deleteAccountWith = (cookie: string, payload: Record<string, unknown>) =>
  deleteAccount(started.runtime.app, cookie, payload);

const started = withRuntimeAndInbox({});

describe('PUT /api/password', () => {
  it('needs a session', async () => {
    expect((await setPassword(undefined, { newPassword: 'whatever123' })).statusCode).toBe(401);
  });

  it('refuses a short or missing password', async () => {
    const { cookie } = await verifiedAccountOn(started, 'short@example.com');
    for (const payload of [{ newPassword: '12345' }, {}]) {
      const response = await setPassword(cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: M.passwordTooShort, field: 'newPassword' });
    }
    expect((await login('short@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it('changes the password, keeps this session, ends the others and mails a notice', async () => {
    const { cookie } = await verifiedAccountOn(started, 'mover@example.com');
    const other = sessionCookieOf(await login('mover@example.com', PASSWORD));
    const since = started.inbox.messages.length;
    const response = await setPassword(cookie, {
      newPassword: 'a brand new secret',
      currentPassword: PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: M.passwordSet });
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login('mover@example.com', PASSWORD)).statusCode).toBe(401);
    expect((await login('mover@example.com', 'a brand new secret')).statusCode).toBe(200);
    const notice = await started.inbox.waitForMail('mover@example.com', {
      since,
      subject: 'Your Conduit password was changed',
    });
    expect(notice.text).toContain('your other sessions were signed out');
  });
});

describe('PUT /api/password asks who is changing it', () => {
  it('needs the current password; a wrong one is a clear 400 and changes nothing', async () => {
    const { cookie } = await verifiedAccountOn(started, 'stolen-cookie@example.com');
    const other = sessionCookieOf(await login('stolen-cookie@example.com', PASSWORD));
    const bare = await setPassword(cookie, { newPassword: 'attacker takes over' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ error: T.currentPasswordRequired, field: 'currentPassword' });
    const wrong = await setPassword(cookie, {
      newPassword: 'attacker takes over',
      currentPassword: 'a guess',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: T.currentPasswordWrong, field: 'currentPassword' });
    expect((await me(other)).statusCode).toBe(200);
    expect((await login('stolen-cookie@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it('a Google-only account sets its first password only within 10 minutes of signing in', async () => {
    const user = await insertUser(started.runtime.services.db, {
      email: 'google-only@example.com',
      googleId: 'google-sub-77',
      emailVerifiedAt: new Date(),
    });
    const cookie = await sessionCookieFor(started.runtime.services, user?.id as string);
    await started.runtime.services.pool.query(
      "update sessions set created_at = now() - interval '11 minutes' where user_id = $1",
      [user?.id],
    );
    const stale = await setPassword(cookie, { newPassword: 'first password' });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error).toBe(T.recentSignInRequired);
    const fresh = await sessionCookieFor(started.runtime.services, user?.id as string);
    expect((await setPassword(fresh, { newPassword: 'first password' })).statusCode).toBe(200);
    expect((await login('google-only@example.com', 'first password')).statusCode).toBe(200);
  });
});

describe('DELETE /api/account', () => {
  it('asks for the password, refuses a wrong one and changes nothing', async () => {
    const { cookie } = await verifiedAccountOn(started, 'careful@example.com');
    const empty = await deleteAccountWith(cookie, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(M.deletePasswordRequired);
    const wrong = await deleteAccountWith(cookie, { password: 'not it' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe(M.wrongPassword);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('anonymises the account, ends every session, keeps the ledger, and frees the address', async () => {
    const { cookie, userId } = await verifiedAccountOn(started, 'leaver@example.com');
    const other = sessionCookieOf(await login('leaver@example.com', PASSWORD));
    const response = await deleteAccountWith(cookie, { password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: M.accountDeleted });
    expect(response.cookies.find((c) => c.name === 'conduit_session')?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login('leaver@example.com', PASSWORD)).statusCode).toBe(401);

    const { rows } = await started.runtime.services.pool.query('select * from users where id = $1', [userId]);
    expect(rows[0]).toMatchObject({
      email: `deleted-${userId}@deleted.invalid`,
      password_hash: null,
      google_id: null,
      is_active: false,
    });
    expect(rows[0].deleted_at).toBeInstanceOf(Date);
    const ledger = await started.runtime.services.pool.query(
      'select delta from credit_entries where workspace_id = $1',
      [userId],
    );
    expect(ledger.rows).toEqual([{ delta: 20 }]);

    const again = await signUp(started.runtime.app, 'leaver@example.com', PASSWORD);
    expect(again.statusCode).toBe(201);
  });
});
