import { ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { PASSWORD, sessionCookieOf } from '../../../test/accounts.ts';
import { verifiedAccountOn, withRuntimeAndInbox } from '../../../test/runtime-with-inbox.ts';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const started = withRuntimeAndInbox({});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string) =>
  started.runtime.app.inject({ method, url, headers: { cookie } });
const loginWith = (email: string, userAgent: string, ip: string, device?: string) =>
  started.runtime.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: PASSWORD },
    headers: { 'user-agent': userAgent, ...(device && { cookie: device }) },
    remoteAddress: ip,
  });

describe('the sessions of an account', () => {
  it('lists each browser with its system, IP and times, this one first and marked', async () => {
    const { cookie } = await verifiedAccountOn(started, 'many@example.com');
    await loginWith('many@example.com', FIREFOX_LINUX, '198.51.100.20');
    const phone = sessionCookieOf(await loginWith('many@example.com', SAFARI_IPHONE, '198.51.100.21'));
    const listed = await call('GET', '/api/account/sessions', phone);
    expect(listed.headers['cache-control']).toBe('no-store');
    const { sessions } = listed.json();
    expect(sessions).toHaveLength(3);
    expect(sessions.find((s: { isCurrent: boolean }) => s.isCurrent)).toMatchObject({
      browser: 'Safari 17',
      os: 'iOS 17.5',
      ip: '198.51.100.21',
    });
    expect(
      sessions.some((s: { browser: string; os: string }) => s.browser === 'Firefox 128' && s.os === 'Linux'),
    ).toBe(true);
    // The first browser, used longest ago, still sees itself first.
    const fromFirst = (await call('GET', '/api/account/sessions', cookie)).json().sessions;
    expect(fromFirst).toHaveLength(3);
    expect(fromFirst[0].isCurrent).toBe(true);
    expect(fromFirst.slice(1).every((s: { isCurrent: boolean }) => !s.isCurrent)).toBe(true);
  });

  it("signs out one session, or all others, and never another account's", async () => {
    const { cookie } = await verifiedAccountOn(started, 'owner-of-sessions@example.com');
    const laptop = sessionCookieOf(
      await loginWith('owner-of-sessions@example.com', FIREFOX_LINUX, '203.0.113.1'),
    );
    const stranger = await verifiedAccountOn(started, 'stranger@example.com');
    const { sessions } = (await call('GET', '/api/account/sessions', cookie)).json();
    const laptopId = sessions.find((s: { ip: string }) => s.ip === '203.0.113.1').id as string;

    const foreign = await call('DELETE', `/api/account/sessions/${laptopId}`, stranger.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe(T.sessionNotFound);
    expect((await call('GET', '/api/auth/me', laptop)).statusCode).toBe(200);

    const ended = await call('DELETE', `/api/account/sessions/${laptopId}`, cookie);
    expect(ended.json()).toEqual({ message: T.sessionSignedOut });
    expect((await call('GET', '/api/auth/me', laptop)).statusCode).toBe(401);
    // The web app's own question answers the same without a 401: nobody is signed in there.
    const ask = await call('GET', '/api/auth/session', laptop);
    expect([ask.statusCode, ask.json()]).toEqual([200, { user: null }]);
    const owner = await call('GET', '/api/auth/session', cookie);
    expect([owner.statusCode, owner.json().user.email]).toEqual([200, 'owner-of-sessions@example.com']);
    expect(owner.json()).toEqual((await call('GET', '/api/auth/me', cookie)).json());

    const others = [1, 2].map(async (n) =>
      sessionCookieOf(await loginWith('owner-of-sessions@example.com', SAFARI_IPHONE, `203.0.113.${10 + n}`)),
    );
    const [a, b] = await Promise.all(others);
    expect((await call('POST', '/api/account/sessions/sign-out-others', cookie)).json()).toEqual({
      message: T.otherSessionsSignedOut,
    });
    for (const gone of [a as string, b as string])
      expect((await call('GET', '/api/auth/me', gone)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', stranger.cookie)).statusCode).toBe(200);
  });

  it('mails the owner when a browser it has not seen signs in, not when a known one does', async () => {
    await verifiedAccountOn(started, 'watchful@example.com');
    const since = started.inbox.messages.length;
    const first = await loginWith('watchful@example.com', FIREFOX_LINUX, '192.0.2.77');
    const notice = await started.inbox.waitForMail('watchful@example.com', {
      since,
      subject: 'New sign-in to your Conduit account',
    });
    expect(notice.text).toContain('Firefox 128 on Linux');
    expect(notice.text).toContain('192.0.2.77');
    const device = first.cookies.find((c) => c.name === 'conduit_device');
    expect(device).toMatchObject({ httpOnly: true, path: '/api/auth' });
    const count = started.inbox.messages.length;
    await loginWith('watchful@example.com', FIREFOX_LINUX, '192.0.2.77', `conduit_device=${device?.value}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      started.inbox.messages.slice(count).filter((m) => m.subject?.startsWith('New sign-in')),
    ).toHaveLength(0);
  });
});
