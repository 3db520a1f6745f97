import { CREDIT_PACKAGE_NAMES, WAITLIST_FIELDS } from '@conduit/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../../src/modules/admin/test-support.ts';
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, type FakeStripe, startFakeStripe } from '../fake-stripe.ts';
import { createPaidAccount, sessionCookieFor } from '../paid-account.ts';
import { createSteadyEngine } from '../steady-engine.ts';
import { createTestRuntime, type TestRuntime } from '../test-runtime.ts';
import {
  assertWellFormedAnswer,
  type Credentials,
  type Endpoint,
  FUZZ_SEED,
  fuzzOptions,
  hostileRequest,
  runsOf,
  send,
} from './fuzz-harness.ts';
import { hostileString, type KnownIds } from './hostile-input.ts';
import { findBrokenInvariants } from './invariants.ts';

type Caller = 'user' | 'admin' | 'disposable' | 'none';

/** Every app endpoint, with who calls it and a valid body to start from. */
const ENDPOINTS: Array<Endpoint & { caller: Caller }> = [
  {
    caller: 'none',
    method: 'POST',
    path: '/api/auth/register',
    body: { email: 'new@example.com', password: 'secret1', confirmPassword: 'secret1' },
  },
  {
    caller: 'none',
    method: 'POST',
    path: '/api/auth/login',
    body: { email: 'someone@example.com', password: 'secret1' },
  },
  {
    caller: 'none',
    method: 'POST',
    path: '/api/auth/resend-verification',
    body: { email: 'someone@example.com' },
  },
  { caller: 'none', method: 'GET', path: '/api/auth/verify-email' },
  { caller: 'none', method: 'GET', path: '/api/auth/providers' },
  { caller: 'none', method: 'GET', path: '/api/auth/google' },
  { caller: 'none', method: 'GET', path: '/api/auth/google/callback' },
  { caller: 'user', method: 'GET', path: '/api/auth/me' },
  { caller: 'disposable', method: 'POST', path: '/api/auth/logout', body: {} },
  { caller: 'disposable', method: 'PUT', path: '/api/password', body: { newPassword: 'another secret' } },
  { caller: 'disposable', method: 'DELETE', path: '/api/account', body: { confirmEmail: 'x@example.com' } },
  { caller: 'none', method: 'POST', path: '/api/auth/verify-email', body: { token: 'abc', password: 'x' } },
  {
    caller: 'none',
    method: 'POST',
    path: '/api/auth/forgot-password',
    body: { email: 'someone@example.com' },
  },
  {
    caller: 'none',
    method: 'POST',
    path: '/api/auth/reset-password',
    body: { token: 'abc', newPassword: 'a new secret' },
  },
  { caller: 'none', method: 'POST', path: '/api/auth/2fa', body: { code: '123456' } },
  { caller: 'none', method: 'POST', path: '/api/auth/confirm-email', body: { token: 'abc' } },
  { caller: 'user', method: 'GET', path: '/api/account/2fa' },
  { caller: 'disposable', method: 'POST', path: '/api/account/2fa/setup', body: { password: 'x' } },
  { caller: 'disposable', method: 'POST', path: '/api/account/2fa/enable', body: { code: '123456' } },
  { caller: 'disposable', method: 'POST', path: '/api/account/2fa/disable', body: { code: '123456' } },
  { caller: 'user', method: 'GET', path: '/api/account/sessions' },
  { caller: 'disposable', method: 'DELETE', path: '/api/account/sessions/:id' },
  { caller: 'disposable', method: 'POST', path: '/api/account/sessions/sign-out-others', body: {} },
  {
    caller: 'disposable',
    method: 'POST',
    path: '/api/account/email',
    body: { newEmail: 'moved@example.com', password: 'x' },
  },
  { caller: 'user', method: 'GET', path: '/api/credits' },
  { caller: 'none', method: 'GET', path: '/api/credits/packages' },
  { caller: 'user', method: 'GET', path: '/api/keys' },
  {
    caller: 'user',
    method: 'POST',
    path: '/api/keys',
    body: { keyName: 'fuzzed key' },
    fields: { keyName: hostileString },
  },
  { caller: 'user', method: 'DELETE', path: '/api/keys/:id' },
  {
    caller: 'user',
    method: 'POST',
    path: '/api/payments/create-checkout-session',
    body: { package: 'starter' },
    fields: { package: fc.constantFrom(...CREDIT_PACKAGE_NAMES) },
  },
  { caller: 'user', method: 'POST', path: '/api/payments/verify-payment', body: { sessionId: 'cs_test_1' } },
  { caller: 'user', method: 'GET', path: '/api/payments' },
  {
    caller: 'none',
    method: 'POST',
    path: '/api/payments/webhook',
    body: { id: 'evt_1', type: 'checkout.session.completed' },
  },
  { caller: 'user', method: 'GET', path: '/api/dashboard' },
  { caller: 'user', method: 'GET', path: '/api/usage' },
  { caller: 'user', method: 'GET', path: '/api/usage/daily' },
  { caller: 'user', method: 'GET', path: '/api/usage/export.csv' },
  {
    caller: 'user',
    method: 'PUT',
    path: '/api/usage/:taskId/rating',
    body: { rating: 4 },
    fields: { rating: fc.integer({ min: -1, max: 7 }) },
  },
  { caller: 'user', method: 'GET', path: '/api/calls/:taskId' },
  { caller: 'user', method: 'GET', path: '/files/:taskId/:name' },
  { caller: 'user', method: 'GET', path: '/api/support' },
  { caller: 'user', method: 'POST', path: '/api/support', body: { subject: 'Help', message: 'It broke' } },
  { caller: 'none', method: 'GET', path: '/api/support/contact' },
  {
    caller: 'none',
    method: 'POST',
    path: '/waitlist/join',
    body: Object.fromEntries(
      WAITLIST_FIELDS.map((field) => [field.id, field.id === 'email' ? 'wait@example.com' : 'x']),
    ),
  },
  {
    caller: 'none',
    method: 'POST',
    path: '/api/waitlist/resend-verification',
    body: { email: 'wait@example.com' },
  },
  { caller: 'none', method: 'POST', path: '/api/waitlist/verify', body: { token: 'abc' } },
  { caller: 'none', method: 'POST', path: '/api/waitlist/check-email', body: { email: 'ada@example.com' } },
  { caller: 'none', method: 'GET', path: '/waitlist/status' },
  {
    caller: 'none',
    method: 'POST',
    path: '/contact/sales',
    body: { name: 'Ada', email: 'ada@example.com', company: 'Analytical', message: 'Hello' },
  },
  { caller: 'user', method: 'GET', path: '/api/payments/sandbox/:sessionId' },
  { caller: 'user', method: 'POST', path: '/api/payments/sandbox/:sessionId/pay', body: {} },
  { caller: 'user', method: 'POST', path: '/api/payments/sandbox/:sessionId/cancel', body: {} },
  { caller: 'admin', method: 'GET', path: '/api/admin/dashboard' },
  { caller: 'admin', method: 'GET', path: '/api/admin/users' },
  { caller: 'admin', method: 'POST', path: '/api/admin/users', body: { email: 'invited@example.com' } },
  {
    caller: 'admin',
    method: 'PATCH',
    path: '/api/admin/users/:id',
    body: { plan: 'pro', maxApiKeys: 5 },
    fields: { maxApiKeys: fc.integer({ min: -1, max: 1_001 }) },
  },
  {
    caller: 'admin',
    method: 'POST',
    path: '/api/admin/users/:id/credits',
    body: { amount: 5, reason: 'goodwill' },
    fields: { amount: fc.integer({ min: -(2 ** 31), max: 2 ** 31 }) },
  },
  { caller: 'admin', method: 'GET', path: '/api/admin/analytics/revenue' },
  { caller: 'admin', method: 'GET', path: '/api/admin/analytics/features' },
  { caller: 'admin', method: 'GET', path: '/api/admin/system/health' },
  { caller: 'admin', method: 'GET', path: '/api/admin/audit-log' },
  { caller: 'admin', method: 'GET', path: '/api/admin/support' },
  {
    caller: 'admin',
    method: 'POST',
    path: '/api/admin/support/:id/reply',
    body: { message: 'We are on it' },
  },
  { caller: 'admin', method: 'GET', path: '/api/admin/waitlist' },
  { caller: 'admin', method: 'GET', path: '/api/admin/waitlist/export.csv' },
  { caller: 'admin', method: 'POST', path: '/api/admin/waitlist/invite', body: { count: 1 } },
];

describe(`app API under hostile requests (fast-check seed ${FUZZ_SEED})`, () => {
  let runtime: TestRuntime;
  let stripe: FakeStripe;
  const known: KnownIds = { id: [], taskId: [], sessionId: [], name: [] };
  const cookies: Record<'user' | 'admin', string> = { user: '', admin: '' };
  const disposableCookies: string[] = [];

  beforeAll(async () => {
    stripe = await startFakeStripe();
    runtime = await createTestRuntime(
      {
        STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.baseUrl,
      },
      { engine: createSteadyEngine() },
    );
    const user = await createPaidAccount(runtime.services, { credits: 50 });
    const admin = await signedInAccount(runtime, 'super_admin');
    cookies.user = await sessionCookieFor(runtime.services, user.userId);
    cookies.admin = admin.cookie;
    for (let index = 0; index < 12; index += 1) {
      disposableCookies.push((await signedInAccount(runtime, 'user', 'throwaway')).cookie);
    }
    // Real ids of every kind, so a share of the requests reaches the operations behind the routes.
    const image = await runtime.app.inject({
      method: 'POST',
      url: '/api/provider/image',
      headers: { 'x-api-key': user.key },
      payload: { prompt: 'fuzz fixture' },
    });
    const imageData = image.json().data as { taskId: string; resultUrls: string[] };
    known.taskId?.push(imageData.taskId);
    known.name?.push(...imageData.resultUrls.map((url) => url.split('/').at(-1) as string));
    const checkout = await runtime.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session',
      headers: { cookie: cookies.user },
      payload: { package: CREDIT_PACKAGE_NAMES[0] },
    });
    const checkoutUrl = new URL(checkout.json().url as string);
    known.sessionId?.push(
      checkoutUrl.searchParams.get('session_id') ?? checkoutUrl.pathname.split('/').at(-1) ?? 'x',
    );
    const ticket = await runtime.app.inject({
      method: 'POST',
      url: '/api/support',
      headers: { cookie: cookies.user },
      payload: { subject: 'Fixture', message: 'A ticket to reply to' },
    });
    known.id?.push(user.userId, user.keyId, admin.userId, ticket.json().id as string);
  });
  afterAll(async () => {
    await runtime.close();
    await stripe.close();
  });

  const credentialsFor = (caller: Caller): Credentials | undefined => {
    if (caller === 'none') return undefined;
    const valid =
      caller === 'disposable'
        ? fc.constantFrom(...disposableCookies)
        : caller === 'admin'
          ? fc.constantFrom(cookies.admin, cookies.admin, cookies.admin, cookies.user)
          : fc.constant(cookies.user);
    return { header: 'cookie', valid: valid.map((cookie) => ({ cookie })) };
  };

  it.each(ENDPOINTS)(
    '$method $path: never a 5xx, errors in shape, ledger intact',
    async (endpoint) => {
      const publicUrl = runtime.services.config.PUBLIC_URL;
      await fc.assert(
        fc.asyncProperty(
          hostileRequest(endpoint, known, credentialsFor(endpoint.caller), publicUrl),
          async (request) => {
            assertWellFormedAnswer(request, await send(runtime.app, request));
          },
        ),
        fuzzOptions(runsOf(40)),
      );
      expect(await findBrokenInvariants(runtime.services.pool)).toEqual({});
    },
    120_000,
  );
});
