import { randomBytes } from 'node:crypto';
import type { Role } from '@conduit/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { insertUser } from '../src/modules/auth/users.ts';
import { openCreditAccount } from '../src/modules/credits/ledger.ts';
import { sessionCookieFor } from './paid-account.ts';
import { linkIn, type SmtpInbox } from './smtp-inbox.ts';
import type { TestRuntime } from './test-runtime.ts';

export const PASSWORD = 'correct horse battery';

/** The session cookie a response set, as a Cookie header value. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'conduit_session');
  if (!cookie?.value) throw new Error(`No session cookie in the ${response.statusCode} response`);
  return `conduit_session=${cookie.value}`;
}

/** The cookie the sign-up answer set in its browser: that browser's verification needs no password. */
export function signupCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'conduit_signup');
  if (!cookie?.value) throw new Error(`No sign-up cookie in the ${response.statusCode} response`);
  return `conduit_signup=${cookie.value}`;
}

/** The token of the newest verification link mailed to `email`. */
export async function verificationTokenFor(inbox: SmtpInbox, email: string, since = 0): Promise<string> {
  const mail = await inbox.waitForMail(email, { since });
  const link = new URL(linkIn(mail, 'http'));
  const token = link.searchParams.get('token');
  if (!token) throw new Error('Verification link without a token');
  return token;
}

/** Registers, verifies by the mailed link in the same browser and returns its session cookie. */
export async function createVerifiedAccount(app: FastifyInstance, inbox: SmtpInbox, email: string) {
  const since = inbox.messages.length;
  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: PASSWORD },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const token = await verificationTokenFor(inbox, email, since);
  const verified = await app.inject({
    method: 'GET',
    url: `/api/auth/verify-email?token=${token}`,
    headers: { cookie: signupCookieOf(registered) },
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  return { userId: registered.json().user._id as string, cookie: sessionCookieOf(verified) };
}

export interface SignedInAccount {
  userId: string;
  email: string;
  token: string;
  cookie: string;
  call(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
}

/** GETs `url` as `account`, expects a 200 and answers the JSON body. */
export async function readAs(account: Pick<SignedInAccount, 'call'>, url: string) {
  const response = await account.call('GET', url);
  expect(response.statusCode, url).toBe(200);
  return response.json();
}

/**
 * A verified account with the given role and a signed-in browser (the session cookie), made
 * directly in the database: for tests about what a signed-in account may do, not about sign-up.
 */
export async function signedInAccount(
  runtime: TestRuntime,
  role: Role = 'user',
  label: string = role,
): Promise<SignedInAccount> {
  const { services } = runtime;
  const email = `${label.replace(/_/g, '-')}-${randomBytes(4).toString('hex')}@example.com`;
  const user = await insertUser(services.db, { email, emailVerifiedAt: services.clock.now() });
  if (!user) throw new Error('could not create the test account');
  await services.db.transaction((tx) => openCreditAccount(tx, user.id));
  if (role !== 'user') await services.pool.query('update users set role = $1 where id = $2', [role, user.id]);
  const cookie = await sessionCookieFor(services, user.id);
  return {
    userId: user.id,
    email,
    token: cookie.slice(cookie.indexOf('=') + 1),
    cookie,
    call: (method, url, payload) =>
      runtime.app.inject({ method, url, payload: payload as object, headers: { cookie } }),
  };
}

/** The code an authenticator app shows for a base32 secret, `stepsFromNow` periods away. */
export const totpCodeFor = (secret: string, stepsFromNow = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsFromNow * 30_000,
  });

/**
 * Turns two-factor authentication on for a signed-in account through the API (setup with the
 * password, or none for a Google-only account, then a right code); answers the secret and the
 * recovery codes.
 */
export async function turnOnTwoFactor(app: FastifyInstance, cookie: string, password?: string) {
  const setup = await app.inject({
    method: 'POST',
    url: '/api/account/2fa/setup',
    headers: { cookie },
    payload: password === undefined ? {} : { password },
  });
  if (setup.statusCode !== 200) throw new Error(`2FA setup answered ${setup.statusCode}: ${setup.body}`);
  const secret: string = setup.json().secret;
  const enabled = await app.inject({
    method: 'POST',
    url: '/api/account/2fa/enable',
    headers: { cookie },
    payload: { code: totpCodeFor(secret) },
  });
  if (enabled.statusCode !== 200)
    throw new Error(`2FA enable answered ${enabled.statusCode}: ${enabled.body}`);
  return { secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

/** POST /api/auth/login as the sign-in form sends it (from `ip` when given). */
export const signIn = (app: FastifyInstance, email: string, password: string, ip?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    ...(ip && { remoteAddress: ip }),
  });

/** POST /api/auth/register as the sign-up form sends it. */
export const signUp = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password } });

/**
 * DELETE /api/account as Settings sends it: `proof` is the password, or the typed address for a
 * Google-only account (or anything else, to see it refused).
 */
export const deleteAccount = (app: FastifyInstance, cookie: string, proof: Record<string, unknown>) =>
  app.inject({ method: 'DELETE', url: '/api/account', headers: { cookie }, payload: proof });
