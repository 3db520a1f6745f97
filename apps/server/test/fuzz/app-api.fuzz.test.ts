import { APP_PATHS, type AppRouteId, CREDIT_PACKAGE_NAMES, WAITLIST_FIELDS } from '@conduit/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../accounts.ts';
import { type FakeStripe, startFakeStripe } from '../fake-stripe.ts';
import { createPaidAccount, postWithKey, sessionCookieFor } from '../paid-account.ts';
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

/**
 * The event stream stays open for as long as the client holds it, so a request never ends: its
 * hostile cases (no session, a foreign session, many streams) are in task-events.test.ts.
 */
type FuzzedRouteId = Exclude<AppRouteId, 'taskEvents'>;

/** Who calls each app route and a valid body to start from: one entry per route of APP_PATHS. */
const CALLS: Record<FuzzedRouteId, Omit<Endpoint, 'method' | 'path'> & { caller: Caller }> = {
  authProviders: { caller: 'none' },
  register: {
    caller: 'none',
    body: { email: 'new@example.com', password: 'secret1', confirmPassword: 'secret1' },
  },
  login: {
    caller: 'none',
    body: { email: 'someone@example.com', password: 'secret1' },
  },
  logout: { caller: 'disposable', body: {} },
  me: { caller: 'user' },
  session: { caller: 'none' },
  verifyEmail: { caller: 'none' },
  answerVerification: { caller: 'none', body: { token: 'abc', password: 'x' } },
  resendVerification: {
    caller: 'none',
    body: { email: 'someone@example.com' },
  },
  googleStart: { caller: 'none' },
  googleCallback: { caller: 'none' },
  forgotPassword: {
    caller: 'none',
    body: { email: 'someone@example.com' },
  },
  resetPassword: {
    caller: 'none',
    body: { token: 'abc', newPassword: 'a new secret' },
  },
  checkResetLink: { caller: 'none', body: { token: 'abc' } },
  signInSecondStep: { caller: 'none', body: { code: '123456' } },
  confirmEmail: { caller: 'none', body: { token: 'abc' } },
  cancelEmailChangeByLink: { caller: 'none', body: { token: 'abc' } },
  setPassword: { caller: 'disposable', body: { newPassword: 'another secret' } },
  deleteAccount: { caller: 'disposable', body: { confirmEmail: 'x@example.com' } },
  changeEmail: {
    caller: 'disposable',
    body: { newEmail: 'moved@example.com', password: 'x' },
  },
  pendingEmailChange: { caller: 'user' },
  cancelEmailChange: { caller: 'disposable' },
  sessions: { caller: 'user' },
  signOutSession: { caller: 'disposable' },
  signOutOtherSessions: { caller: 'disposable', body: {} },
  twoFactor: { caller: 'user' },
  twoFactorSetup: { caller: 'disposable', body: { password: 'x' } },
  twoFactorEnable: { caller: 'disposable', body: { code: '123456' } },
  twoFactorDisable: { caller: 'disposable', body: { code: '123456' } },
  twoFactorRecoveryCodes: { caller: 'disposable', body: { code: '123456' } },
  credits: { caller: 'user' },
  creditPackages: { caller: 'none' },
  keys: { caller: 'user' },
  createKey: {
    caller: 'user',
    body: { keyName: 'fuzzed key' },
    fields: { keyName: hostileString },
  },
  createPlaygroundKey: { caller: 'user' },
  updateKey: {
    caller: 'user',
    body: { keyName: 'fuzzed key', ipAllowlist: ['10.0.0.0/8'], expiresAt: null },
    fields: {
      keyName: hostileString,
      ipAllowlist: fc.array(hostileString, { maxLength: 3 }),
      expiresAt: hostileString,
    },
  },
  rollKey: { caller: 'user', body: { graceSeconds: 0 }, fields: { graceSeconds: fc.integer() } },
  deleteKey: { caller: 'user' },
  balanceAlerts: { caller: 'user' },
  addBalanceAlert: { caller: 'user', body: { threshold: 10 }, fields: { threshold: fc.integer() } },
  removeBalanceAlert: { caller: 'user' },
  setWebhookEndpoint: {
    caller: 'user',
    body: { webhookUrl: 'https://hooks.example.com/conduit' },
    fields: { webhookUrl: hostileString },
  },
  // A fresh account has no endpoint: the test event is refused before any request leaves.
  testWebhookEndpoint: { caller: 'disposable', body: {} },
  webhookSecret: { caller: 'user' },
  rotateWebhookSecret: { caller: 'user', body: {} },
  webhookDeliveries: { caller: 'user' },
  webhookDelivery: { caller: 'user' },
  resendWebhookDelivery: { caller: 'user', body: {} },
  // A fresh account has no endpoint: the test event is recorded and nothing leaves.
  sendWebhookTest: {
    caller: 'disposable',
    body: { type: 'task.completed' },
    fields: { type: hostileString },
  },
  payments: { caller: 'user' },
  createCheckoutSession: {
    caller: 'user',
    body: { package: 'starter', saveCard: true },
    fields: { package: fc.constantFrom(...CREDIT_PACKAGE_NAMES), saveCard: fc.boolean() },
  },
  verifyPayment: { caller: 'user', body: { sessionId: 'cs_test_1' } },
  sandboxSession: { caller: 'user' },
  sandboxPay: {
    caller: 'user',
    body: { cardNumber: '4242 4242 4242 4242' },
    fields: { cardNumber: hostileString },
  },
  sandboxCancel: { caller: 'user', body: {} },
  billingDetails: { caller: 'user' },
  saveBillingDetails: {
    caller: 'user',
    body: {
      name: 'Ada Lovelace',
      company: 'Analytical Engines Ltd',
      line1: '1 Engine Street',
      line2: '',
      city: 'London',
      postalCode: 'N1 9GU',
      country: 'GB',
      vatId: 'GB123456789',
    },
    fields: {
      name: hostileString,
      company: hostileString,
      line1: hostileString,
      city: hostileString,
      postalCode: hostileString,
      country: hostileString,
      vatId: hostileString,
    },
  },
  autoTopUp: { caller: 'user' },
  saveAutoTopUp: {
    caller: 'user',
    body: { enabled: false, threshold: 100, package: 'starter', monthlyLimit: 3 },
    fields: {
      enabled: fc.boolean(),
      threshold: fc.integer(),
      package: fc.constantFrom(...CREDIT_PACKAGE_NAMES),
      monthlyLimit: fc.integer(),
    },
  },
  receipt: { caller: 'user' },
  receiptPdf: { caller: 'user' },
  removeSavedCard: { caller: 'disposable' },
  dashboard: { caller: 'user' },
  usage: { caller: 'user' },
  dailyUsage: { caller: 'user' },
  usageCsv: { caller: 'user' },
  usageByMetadata: { caller: 'user' },
  rateResult: {
    caller: 'user',
    body: { rating: 4 },
    fields: { rating: fc.integer({ min: -1, max: 7 }) },
  },
  callDetail: { caller: 'user' },
  cancelCall: { caller: 'user', body: {} },
  requestLog: { caller: 'user' },
  requestLogCsv: { caller: 'user' },
  workspaces: { caller: 'user' },
  selectWorkspace: { caller: 'user', body: { workspaceId: 'team_unknown' } },
  createTeam: { caller: 'user', body: { name: 'Fuzz team', billingEmail: 'billing@example.com' } },
  team: { caller: 'user' },
  updateTeam: { caller: 'user', body: { name: 'Renamed' } },
  deleteTeam: { caller: 'user', body: { confirmName: 'Fuzz team' } },
  inviteMember: { caller: 'user', body: { email: 'member@example.com', role: 'developer' } },
  revokeInvitation: { caller: 'user' },
  updateMember: { caller: 'user', body: { role: 'admin' } },
  removeMember: { caller: 'user' },
  transferOwnership: { caller: 'user', body: { userId: 'usr_unknown' } },
  teamAuditLog: { caller: 'user' },
  invitation: { caller: 'none' },
  acceptInvitation: { caller: 'user' },
  supportMessages: { caller: 'user' },
  sendSupportMessage: { caller: 'user', body: { subject: 'Help', message: 'It broke' } },
  supportContact: { caller: 'none' },
  replyToSupportMessage: { caller: 'user', body: { message: 'Still broken' } },
  joinWaitlist: {
    caller: 'none',
    body: Object.fromEntries(
      WAITLIST_FIELDS.map((field) => [field.id, field.id === 'email' ? 'wait@example.com' : 'x']),
    ),
  },
  waitlistStatus: { caller: 'none' },
  contactSales: {
    caller: 'none',
    body: { name: 'Ada', email: 'ada@example.com', company: 'Analytical', message: 'Hello' },
  },
  waitlistCheckEmail: { caller: 'none', body: { email: 'ada@example.com' } },
  waitlistResend: {
    caller: 'none',
    body: { email: 'wait@example.com' },
  },
  waitlistVerify: { caller: 'none', body: { token: 'abc' } },
  adminDashboard: { caller: 'admin' },
  adminUsers: { caller: 'admin' },
  adminInvite: { caller: 'admin', body: { email: 'invited@example.com' } },
  adminEditUser: {
    caller: 'admin',
    body: { plan: 'pro', maxApiKeys: 5 },
    fields: { maxApiKeys: fc.integer({ min: -1, max: 1_001 }) },
  },
  adminAdjustCredits: {
    caller: 'admin',
    body: { amount: 5, reason: 'goodwill' },
    fields: { amount: fc.integer({ min: -(2 ** 31), max: 2 ** 31 }) },
  },
  adminTeams: { caller: 'admin' },
  adminRevenue: { caller: 'admin' },
  adminFeatures: { caller: 'admin' },
  adminHealth: { caller: 'admin' },
  adminAuditLog: { caller: 'admin' },
  adminChannels: { caller: 'admin' },
  adminModels: { caller: 'admin' },
  adminMargins: { caller: 'admin' },
  adminUpdateModel: {
    caller: 'admin',
    body: { enabled: true, credits: 2 },
    fields: { credits: fc.integer({ min: 0, max: 100_001 }) },
  },
  adminReconciliation: { caller: 'admin' },
  adminReconciliationCsv: { caller: 'admin' },
  adminUpdateChannel: {
    caller: 'admin',
    body: { enabled: true, priority: 10 },
    fields: { priority: fc.integer({ min: -1, max: 1_001 }) },
  },
  adminUpdateKieAccount: { caller: 'admin', body: { active: true } },
  adminSupport: { caller: 'admin' },
  adminSupportReply: {
    caller: 'admin',
    body: { message: 'We are on it' },
  },
  adminWaitlist: { caller: 'admin' },
  adminWaitlistCsv: { caller: 'admin' },
  adminWaitlistInvite: { caller: 'admin', body: { count: 1 } },
};

/** Every app endpoint (and Stripe's webhook, also reachable from outside). */
const ENDPOINTS: Array<Endpoint & { caller: Caller }> = [
  ...Object.entries(CALLS).map(([id, call]) => ({ ...APP_PATHS[id as FuzzedRouteId], ...call })),
  {
    caller: 'none',
    method: 'POST',
    path: '/api/payments/webhook',
    body: { id: 'evt_1', type: 'checkout.session.completed' },
  },
  { caller: 'user', method: 'GET', path: '/files/:taskId/:name' },
];

describe(`app API under hostile requests (fast-check seed ${FUZZ_SEED})`, () => {
  let runtime: TestRuntime;
  let stripe: FakeStripe;
  const known: KnownIds = { id: [], taskId: [], sessionId: [], name: [] };
  const cookies: Record<'user' | 'admin', string> = { user: '', admin: '' };
  const disposableCookies: string[] = [];

  beforeAll(async () => {
    stripe = await startFakeStripe();
    runtime = await createTestRuntime(stripe.serverConfig, { engine: createSteadyEngine() });
    const user = await createPaidAccount(runtime.services, { credits: 50 });
    const admin = await signedInAccount(runtime, 'super_admin');
    cookies.user = await sessionCookieFor(runtime.services, user.userId);
    cookies.admin = admin.cookie;
    for (let index = 0; index < 12; index += 1) {
      disposableCookies.push((await signedInAccount(runtime, 'user', 'throwaway')).cookie);
    }
    // Real ids of every kind, so a share of the requests reaches the operations behind the routes.
    const image = await postWithKey(runtime.app, user.key, '/api/provider/image', { prompt: 'fuzz fixture' });
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
