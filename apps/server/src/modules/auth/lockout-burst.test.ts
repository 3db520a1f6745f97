import { AUTH_SERVER_MESSAGES as M } from '@conduit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount, PASSWORD, signIn } from '../../../test/accounts.ts';
import { type SmtpInbox, startSmtpInbox } from '../../../test/smtp-inbox.ts';
import { createTestRuntime, listenLocally, type TestRuntime } from '../../../test/test-runtime.ts';

let runtime: TestRuntime;
let inbox: SmtpInbox;
let baseUrl: string;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  runtime = await createTestRuntime({ SMTP_URL: inbox.url });
  baseUrl = await listenLocally(runtime);
});
afterAll(async () => {
  await runtime.close();
  await inbox.close();
});

const loginOverHttp = (email: string, password: string) =>
  fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
const loginFrom = (ip: string, email: string, password: string) => signIn(runtime.app, email, password, ip);

describe('the 10-failures lock under a burst', () => {
  it('evaluates exactly 10 of 100 wrong passwords sent at once; the rest, and then the right one, are refused', async () => {
    await createVerifiedAccount(runtime.app, inbox, 'burst@example.com');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => loginOverHttp('burst@example.com', `guess number ${i}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(90);
    const refused = await loginFrom('203.0.113.7', 'burst@example.com', PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(M.tooManyAttempts);
    expect(refused.cookies.find((c) => c.name === 'conduit_session')).toBeUndefined();
  });

  it('with 99 wrong passwords and the right one at once, never more than 10 wrong ones are checked', async () => {
    await createVerifiedAccount(runtime.app, inbox, 'burst-right@example.com');
    const passwords = Array.from({ length: 99 }, (_, i) => `wrong ${i}`);
    passwords.splice(37, 0, PASSWORD);
    const answers = await Promise.all(
      passwords.map((password, i) => loginFrom(`198.18.0.${i}`, 'burst-right@example.com', password)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
    expect(statuses.every((status) => [200, 401, 429].includes(status))).toBe(true);
  });

  it('a right password does not wipe the count of wrong ones before it', async () => {
    await createVerifiedAccount(runtime.app, inbox, 'steady@example.com');
    for (let i = 0; i < 9; i += 1)
      expect((await loginFrom('192.0.2.50', 'steady@example.com', `no ${i}`)).statusCode).toBe(401);
    expect((await loginFrom('192.0.2.50', 'steady@example.com', PASSWORD)).statusCode).toBe(200);
    expect((await loginFrom('192.0.2.50', 'steady@example.com', 'no 10')).statusCode).toBe(401);
    expect((await loginFrom('192.0.2.50', 'steady@example.com', PASSWORD)).statusCode).toBe(429);
  });
});

describe('a browser that signed in to the account before', () => {
  const loginWithDevice = (email: string, password: string, device: string, ip: string) =>
    runtime.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      cookies: { conduit_device: device },
      payload: { email, password },
    });

  it('signs in while strangers keep the account locked; a made-up device cookie does not, and its own guesses are limited', async () => {
    const email = 'known-device@example.com';
    await createVerifiedAccount(runtime.app, inbox, email);
    const first = await loginFrom('192.0.2.80', email, PASSWORD);
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((cookie) => cookie.name === 'conduit_device')?.value as string;
    expect(device).toEqual(expect.any(String));

    await Promise.all(
      Array.from({ length: 12 }, (_, i) => loginFrom(`198.51.100.${i}`, email, `wrong ${i}`)),
    );
    expect((await loginFrom('198.51.100.99', email, PASSWORD)).statusCode).toBe(429);
    const madeUp = await loginWithDevice(
      email,
      PASSWORD,
      'a-device-cookie-nobody-was-given',
      '198.51.100.98',
    );
    expect(madeUp.statusCode).toBe(429);

    const owner = await loginWithDevice(email, PASSWORD, device, '192.0.2.80');
    expect(owner.statusCode).toBe(200);
    expect(owner.cookies.find((cookie) => cookie.name === 'conduit_session')?.value).toBeTruthy();

    // The known browser's own wrong passwords have a budget of their own: 10, then refused.
    const guesses = await Promise.all(
      Array.from({ length: 15 }, (_, i) => loginWithDevice(email, `not it ${i}`, device, '192.0.2.81')),
    );
    expect(guesses.filter((answer) => answer.statusCode === 401)).toHaveLength(10);
    expect((await loginWithDevice(email, PASSWORD, device, '192.0.2.81')).statusCode).toBe(429);
  });
});
