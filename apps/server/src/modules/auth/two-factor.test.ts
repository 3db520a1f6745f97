import { ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { PASSWORD, sessionCookieOf, totpCodeFor, turnOnTwoFactor } from '../../../test/accounts.ts';
import { verifiedAccountOn, withRuntimeAndInbox } from '../../../test/runtime-with-inbox.ts';

const started = withRuntimeAndInbox({
  ADMIN_REQUIRE_2FA: 'true',
  ADMIN_EMAILS: 'root@example.com',
});

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  started.runtime.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
/** The 2FA status the account page reads. */
const twoFactorOf = async (cookie: string) => (await call('GET', '/api/account/2fa', cookie)).json();
const login = (email: string, password = PASSWORD) =>
  call('POST', '/api/auth/login', undefined, { email, password });
const challengeOf = (response: { cookies: { name: string; value: string }[] }) => {
  const cookie = response.cookies.find((c) => c.name === 'conduit_2fa');
  if (!cookie) throw new Error('no two-factor challenge cookie');
  return `conduit_2fa=${cookie.value}`;
};

/** A verified account with 2FA on; answers its session cookie, secret and recovery codes. */
async function enrolled(email: string) {
  const { cookie } = await verifiedAccountOn(started, email);
  return { cookie, ...(await turnOnTwoFactor(started.runtime.app, cookie, PASSWORD)) };
}

describe('turning two-factor authentication on', () => {
  it('needs the password, shows a QR code, and turns on only with a right code', async () => {
    const { cookie } = await verifiedAccountOn(started, 'enrol@example.com');
    expect((await call('POST', '/api/account/2fa/setup', cookie, {})).json().error).toBe(
      T.currentPasswordRequired,
    );
    expect((await call('POST', '/api/account/2fa/setup', cookie, { password: 'nope' })).statusCode).toBe(400);
    const setup = await call('POST', '/api/account/2fa/setup', cookie, { password: PASSWORD });
    const { secret, otpauthUrl, qrCode } = setup.json();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Conduit:enrol%40example\.com\?/);
    expect(Buffer.from(qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain(
      '<svg',
    );
    const stored = await started.runtime.services.pool.query(
      "select totp_secret from users where email = 'enrol@example.com'",
    );
    expect(stored.rows[0].totp_secret).not.toContain(secret);

    const wrong = await call('POST', '/api/account/2fa/enable', cookie, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: T.twoFactorCodeWrong, field: 'code' });
    expect(await twoFactorOf(cookie)).toMatchObject({ enabled: false });

    const since = started.inbox.messages.length;
    const enabled = await call('POST', '/api/account/2fa/enable', cookie, { code: totpCodeFor(secret) });
    expect(enabled.json().recoveryCodes).toHaveLength(10);
    expect(await twoFactorOf(cookie)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    await started.inbox.waitForMail('enrol@example.com', {
      since,
      subject: 'Two-factor authentication was turned on',
    });
  });
});

describe('signing in with two-factor authentication', () => {
  it('a right password alone gives no session; a current code does, once', async () => {
    const { secret } = await enrolled('two-step@example.com');
    const first = await login('two-step@example.com');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true, message: T.twoFactorRequired });
    expect(first.cookies.find((c) => c.name === 'conduit_session')).toBeUndefined();
    const challenge = challengeOf(first);

    expect(
      (await call('POST', '/api/auth/2fa', undefined, { code: totpCodeFor(secret, 1) })).statusCode,
    ).toBe(401);
    const code = totpCodeFor(secret, 1);
    const second = await call('POST', '/api/auth/2fa', challenge, { code });
    expect(second.statusCode).toBe(200);
    expect(second.json().user).toMatchObject({ email: 'two-step@example.com', hasTwoFactor: true });
    expect((await call('GET', '/api/auth/me', sessionCookieOf(second))).statusCode).toBe(200);

    const replayed = await call('POST', '/api/auth/2fa', challengeOf(await login('two-step@example.com')), {
      code,
    });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error).toBe(T.twoFactorCodeWrong);
  });

  it('a challenge opens one session: replayed with another factor, or sent twice at once, it is spent', async () => {
    const { secret, recoveryCodes } = await enrolled('replay@example.com');
    const challenge = challengeOf(await login('replay@example.com'));
    const passed = await call('POST', '/api/auth/2fa', challenge, { code: totpCodeFor(secret, 1) });
    expect(passed.statusCode).toBe(200);
    // The same cookie, copied before the browser dropped it, with a recovery code: refused.
    const replayed = await call('POST', '/api/auth/2fa', challenge, { code: recoveryCodes[0] });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error).toBe(T.twoFactorChallengeExpired);
    // Two second steps of one challenge at once, each with its own valid factor: one session.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const fresh = challengeOf(await login('replay@example.com'));
    const both = await Promise.all(
      [recoveryCodes[1], recoveryCodes[2]].map((code) => call('POST', '/api/auth/2fa', fresh, { code })),
    );
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    // A new sign-in is a new challenge: it works.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await call('POST', '/api/auth/2fa', challengeOf(await login('replay@example.com')), {
      code: recoveryCodes[3],
    });
    expect(again.statusCode).toBe(200);
  });

  it('a recovery code works once', async () => {
    const { recoveryCodes } = await enrolled('recovery@example.com');
    const code = recoveryCodes[3] as string;
    const used = await call('POST', '/api/auth/2fa', challengeOf(await login('recovery@example.com')), {
      code: code.toUpperCase(),
    });
    expect(used.statusCode).toBe(200);
    const again = await call('POST', '/api/auth/2fa', challengeOf(await login('recovery@example.com')), {
      code,
    });
    expect(again.statusCode).toBe(400);
  });

  it('wrong codes count toward the same 10-failures lock, also all at once', async () => {
    const { secret } = await enrolled('guessed@example.com');
    const challenge = challengeOf(await login('guessed@example.com'));
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call('POST', '/api/auth/2fa', challenge, { code: String(100000 + i) }),
      ),
    );
    expect(guesses.filter((r) => r.statusCode === 400)).toHaveLength(10);
    expect(guesses.filter((r) => r.statusCode === 429)).toHaveLength(20);
    expect((await call('POST', '/api/auth/2fa', challenge, { code: totpCodeFor(secret) })).statusCode).toBe(
      429,
    );
    expect((await login('guessed@example.com')).statusCode).toBe(429);
  });

  it('an expired or forged challenge is refused', async () => {
    const { secret } = await enrolled('late-code@example.com');
    const forged = await call(
      'POST',
      '/api/auth/2fa',
      'conduit_2fa={"userId":"usr_x","expiresAt":99999999999999}',
      {
        code: totpCodeFor(secret),
      },
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error).toBe(T.twoFactorChallengeExpired);
  });
});

describe('turning two-factor authentication off', () => {
  it('takes a current code, not a session alone', async () => {
    const { cookie, secret } = await enrolled('off@example.com');
    expect((await call('POST', '/api/account/2fa/disable', cookie, {})).statusCode).toBe(400);
    expect((await call('POST', '/api/account/2fa/disable', cookie, { code: '123456' })).statusCode).toBe(400);
    const since = started.inbox.messages.length;
    const off = await call('POST', '/api/account/2fa/disable', cookie, { code: totpCodeFor(secret, 1) });
    expect(off.json()).toEqual({ message: T.twoFactorOff });
    expect((await login('off@example.com')).json().user.hasTwoFactor).toBe(false);
    await started.inbox.waitForMail('off@example.com', {
      since,
      subject: 'Two-factor authentication was turned off',
    });
  });
});

describe('new recovery codes', () => {
  const regenerate = (cookie: string, code?: string) =>
    call('POST', '/api/account/2fa/recovery-codes', cookie, code === undefined ? {} : { code });
  const secondStep = async (email: string, code: string) =>
    (await call('POST', '/api/auth/2fa', challengeOf(await login(email)), { code })).statusCode;

  it('take a current code; the old codes stop working, the new ten work, and the owner is told', async () => {
    const { cookie, secret, recoveryCodes: old } = await enrolled('fresh-codes@example.com');
    expect((await regenerate(cookie)).json()).toMatchObject({
      error: T.twoFactorCodeRequired,
      field: 'code',
    });
    const since = started.inbox.messages.length;
    const replaced = await regenerate(cookie, totpCodeFor(secret, 1));
    expect(replaced.statusCode).toBe(200);
    const { message, recoveryCodes: fresh } = replaced.json();
    expect(message).toBe(T.recoveryCodesReplaced);
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((code: string) => old.includes(code))).toEqual([]);
    expect(await twoFactorOf(cookie)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    await started.inbox.waitForMail('fresh-codes@example.com', {
      since,
      subject: 'Your recovery codes were replaced',
    });

    expect(await secondStep('fresh-codes@example.com', old[0] as string)).toBe(400);
    expect(await secondStep('fresh-codes@example.com', fresh[0])).toBe(200);
    expect((await twoFactorOf(cookie)).recoveryCodesLeft).toBe(9);
  });

  it('a wrong code is 400, keeps the codes and spends the account failure budget', async () => {
    const { cookie, secret, recoveryCodes } = await enrolled('wrong-regen@example.com');
    const wrong = await regenerate(cookie, '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: T.twoFactorCodeWrong, field: 'code' });
    const more = await Promise.all(
      Array.from({ length: 12 }, (_, i) => regenerate(cookie, String(100000 + i))),
    );
    expect(more.filter((r) => r.statusCode === 400)).toHaveLength(9);
    expect(more.filter((r) => r.statusCode === 429)).toHaveLength(3);
    expect((await regenerate(cookie, totpCodeFor(secret))).statusCode).toBe(429);
    expect((await login('wrong-regen@example.com')).statusCode).toBe(429);
    const left = await started.runtime.services.pool.query(
      "select count(*)::int as n from recovery_codes r join users u on u.id = r.user_id where u.email = 'wrong-regen@example.com' and r.used_at is null",
    );
    expect(left.rows[0].n).toBe(recoveryCodes.length);
  });

  it("another account's session cannot replace them, and without 2FA there are none to replace", async () => {
    const owner = await enrolled('codes-owner@example.com');
    const other = await enrolled('codes-other@example.com');
    const foreign = await regenerate(other.cookie, totpCodeFor(owner.secret, 1));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe(T.twoFactorCodeWrong);
    const withoutTwoFactor = await verifiedAccountOn(started, 'codes-none@example.com');
    const none = await regenerate(withoutTwoFactor.cookie, totpCodeFor(owner.secret, 1));
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(T.twoFactorNotOn);
    expect((await call('POST', '/api/account/2fa/recovery-codes', undefined, { code: '1' })).statusCode).toBe(
      401,
    );
    expect(await secondStep('codes-owner@example.com', owner.recoveryCodes[0] as string)).toBe(200);
  });
});

describe('ADMIN_REQUIRE_2FA', () => {
  it('keeps /admin closed to an admin until two-factor authentication is on', async () => {
    const { cookie } = await verifiedAccountOn(started, 'root@example.com');
    const admin = sessionCookieOf(await login('root@example.com'));
    const closed = await call('GET', '/api/admin/dashboard', admin);
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', error: T.adminNeedsTwoFactor });
    const { secret } = (await call('POST', '/api/account/2fa/setup', cookie, { password: PASSWORD })).json();
    await call('POST', '/api/account/2fa/enable', cookie, { code: totpCodeFor(secret) });
    expect((await call('GET', '/api/admin/dashboard', cookie)).statusCode).toBe(200);
  });
});
