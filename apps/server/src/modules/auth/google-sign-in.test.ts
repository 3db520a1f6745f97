import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createVerifiedAccount,
  deleteAccount,
  PASSWORD,
  sessionCookieOf,
  signIn,
  signUp,
  turnOnTwoFactor,
} from '../../../test/accounts.ts';
import { type OidcIssuer, startOidcIssuer } from '../../../test/oidc-issuer.ts';
import { type SmtpInbox, startSmtpInbox } from '../../../test/smtp-inbox.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';

const PUBLIC_URL = 'http://localhost:4567';
let runtime: TestRuntime;
let issuer: OidcIssuer;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  issuer = await startOidcIssuer(`${PUBLIC_URL}/api/auth/google/callback`);
  runtime = await createTestRuntime({
    PUBLIC_URL,
    SMTP_URL: inbox.url,
    GOOGLE_CLIENT_ID: issuer.clientId,
    GOOGLE_CLIENT_SECRET: issuer.clientSecret,
    GOOGLE_ISSUER: issuer.issuer,
  });
});
afterAll(async () => {
  await runtime?.close();
  await issuer?.close();
  await inbox?.close();
});

/** The whole browser round trip: our redirect, the provider's login and consent, our callback. */
async function signInAtProvider(subject: string, tamper?: (callback: URL) => void) {
  const start = await runtime.app.inject({ method: 'GET', url: '/api/auth/google' });
  expect(start.statusCode).toBe(302);
  const authorizationUrl = new URL(start.headers.location as string);
  expect(authorizationUrl.origin).toBe(issuer.issuer);
  expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizationUrl.searchParams.get('state')).toBeTruthy();
  expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();
  const stateCookie = start.cookies.find((c) => c.name === 'conduit_oidc');
  expect(stateCookie).toMatchObject({ httpOnly: true, path: '/api/auth/google' });

  const callback = await issuer.authorize(authorizationUrl.href, subject);
  tamper?.(callback);
  const finish = await runtime.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: `conduit_oidc=${stateCookie?.value}` },
  });
  expect(finish.statusCode).toBe(302);
  return finish;
}

const me = (cookie: string) =>
  runtime.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const balance = async (email: string) =>
  (
    await runtime.services.pool.query(
      'select c.balance from credit_accounts c join users u on u.id = c.workspace_id where u.email = $1',
      [email],
    )
  ).rows[0]?.balance;

describe('Google sign-in (OIDC against a real provider)', () => {
  it('says Google is offered', async () => {
    const response = await runtime.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.json()).toEqual({ google: true });
  });

  it('creates a verified account with 20 credits and lands on /auth/success signed in', async () => {
    issuer.accounts.set('google-1', {
      email: 'New.Person@Gmail.com',
      emailVerified: true,
      name: 'New Person',
    });
    const finish = await signInAtProvider('google-1');
    expect(finish.headers.location).toBe('/auth/success');
    const user = (await me(sessionCookieOf(finish))).json().user;
    expect(user).toMatchObject({
      email: 'new.person@gmail.com',
      emailVerified: true,
      name: 'New Person',
      hasGoogle: true,
      hasPassword: false,
    });
    expect(await balance('new.person@gmail.com')).toBe(20);

    const again = await signInAtProvider('google-1');
    expect((await me(sessionCookieOf(again))).json().user._id).toBe(user._id);
    expect(await balance('new.person@gmail.com')).toBe(20);
  });

  it('links an existing verified account with the same address, keeping its password and credits', async () => {
    await createVerifiedAccount(runtime.app, inbox, 'both@example.com');
    issuer.accounts.set('google-2', { email: 'both@example.com', emailVerified: true });

    const finish = await signInAtProvider('google-2');
    expect((await me(sessionCookieOf(finish))).json().user).toMatchObject({
      email: 'both@example.com',
      hasGoogle: true,
      hasPassword: true,
    });
    expect(await balance('both@example.com')).toBe(20);
    const password = await signIn(runtime.app, 'both@example.com', PASSWORD);
    expect(password.statusCode).toBe(200);
  });

  it('verifies an unverified account it links, grants its credits, and drops the unproven password', async () => {
    await signUp(runtime.app, 'squatted@example.com', 'attacker-chosen');
    issuer.accounts.set('google-3', { email: 'squatted@example.com', emailVerified: true });
    const finish = await signInAtProvider('google-3');
    expect((await me(sessionCookieOf(finish))).json().user).toMatchObject({
      emailVerified: true,
      hasPassword: false,
    });
    expect(await balance('squatted@example.com')).toBe(20);
    const attacker = await signIn(runtime.app, 'squatted@example.com', 'attacker-chosen');
    expect(attacker.statusCode).toBe(401);
  });

  it('asks an account with two-factor authentication for its code before any session', async () => {
    issuer.accounts.set('google-2fa', { email: 'guarded.google@example.com', emailVerified: true });
    const cookie = sessionCookieOf(await signInAtProvider('google-2fa'));
    await turnOnTwoFactor(runtime.app, cookie);

    const again = await signInAtProvider('google-2fa');
    expect(again.headers.location).toBe('/auth/two-factor');
    expect(again.cookies.find((c) => c.name === 'conduit_session')).toBeUndefined();
    expect(again.cookies.find((c) => c.name === 'conduit_2fa')).toMatchObject({
      httpOnly: true,
      path: '/api/auth',
    });
  });

  it('fails to /?error=auth_failed when Google has not verified the address', async () => {
    issuer.accounts.set('google-4', { email: 'unverified@gmail.com', emailVerified: false });
    const finish = await signInAtProvider('google-4');
    expect(finish.headers.location).toBe('/?error=auth_failed');
    expect(finish.cookies.find((c) => c.name === 'conduit_session')).toBeUndefined();
  });

  it('fails to /?error=auth_failed when the state does not match (forged callback)', async () => {
    issuer.accounts.set('google-5', { email: 'forged@gmail.com', emailVerified: true });
    const finish = await signInAtProvider('google-5', (callback) =>
      callback.searchParams.set('state', 'forged'),
    );
    expect(finish.headers.location).toBe('/?error=auth_failed');
    expect(await balance('forged@gmail.com')).toBeUndefined();
  });

  it('fails to /?error=auth_failed without the signed state cookie', async () => {
    const response = await runtime.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?code=x&state=y',
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/?error=auth_failed');
  });

  it('Google-only accounts delete themselves by typing their address', async () => {
    issuer.accounts.set('google-6', { email: 'goer@gmail.com', emailVerified: true });
    const cookie = sessionCookieOf(await signInAtProvider('google-6'));
    const wrong = await deleteAccount(runtime.app, cookie, { confirmEmail: 'someone@else.com' });
    expect(wrong.statusCode).toBe(400);
    const right = await deleteAccount(runtime.app, cookie, { confirmEmail: 'Goer@gmail.com' });
    expect(right.statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe('without Google configured', () => {
  it('hides Google and answers 404 on its routes', async () => {
    const plain = await createTestRuntime();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
        google: false,
      });
      expect((await plain.app.inject({ method: 'GET', url: '/api/auth/google' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
