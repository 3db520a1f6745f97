import { PAYMENT_MESSAGES, PAYMENT_TEXTS } from '@conduit/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverStripeEvent, type FakeStripe, startFakeStripe } from '../../../test/fake-stripe.ts';
import { createPaidAccount, ledgerCheck, sessionCookieFor } from '../../../test/paid-account.ts';
import { createTestRuntime, type TestRuntime, useTestRuntime } from '../../../test/test-runtime.ts';
import { startCheckout } from './checkout.ts';
import { createCheckoutProvider } from './checkout-provider.ts';

/** An account with 20 credits whose browser works in its personal workspace, or in a team it owns. */
async function signedInAccount(runtime: TestRuntime, owner: 'personal' | 'team' = 'personal') {
  const account = await createPaidAccount(runtime.services, { credits: 20, owner });
  const cookie = await sessionCookieFor(runtime.services, account.userId);
  await runtime.services.pool.query('update sessions set workspace_id = $1 where user_id = $2', [
    owner === 'team' ? account.workspaceId : null,
    account.userId,
  ]);
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    runtime.app.inject({ method, url, payload: payload as object, headers: { cookie } });
  return { ...account, call };
}

type SignedInAccount = Awaited<ReturnType<typeof signedInAccount>>;

async function purchaseEntries(runtime: TestRuntime, userId: string) {
  const { rows } = await runtime.services.pool.query(
    `select delta, reference from credit_entries where workspace_id = $1 and reason = 'purchase'`,
    [userId],
  );
  return rows as { delta: number; reference: string }[];
}

async function tierOf(runtime: TestRuntime, userId: string) {
  const { rows } = await runtime.services.pool.query('select tier from workspaces where id = $1', [userId]);
  return rows[0]?.tier as string;
}

describe.each(['personal', 'team'] as const)(
  'payments with Stripe (the stripe SDK against a local Checkout Sessions server), %s workspace',
  (owner) => {
    let stripe: FakeStripe;
    let runtime: TestRuntime;

    beforeAll(async () => {
      stripe = await startFakeStripe();
      runtime = await createTestRuntime(stripe.serverConfig);
    });
    afterAll(async () => {
      await runtime.close();
      await stripe.close();
    });

    const sessionIdOf = (url: string) => url.split('/').pop() as string;
    /** Starts a checkout of the pack as the account (on the fake Stripe); answers its session id. */
    const startSession = async (account: SignedInAccount, pack: string) =>
      sessionIdOf(
        (await account.call('POST', '/api/payments/create-checkout-session', { package: pack })).json().url,
      );
    const webhook = (event: { payload: string; header?: string }) => deliverStripeEvent(runtime, event);

    it('creates a Checkout Session for the pack: price in cents, credits in metadata, return URLs', async () => {
      const account = await signedInAccount(runtime, owner);
      const response = await account.call('POST', '/api/payments/create-checkout-session', {
        package: 'developer',
      });
      expect(response.statusCode).toBe(200);
      const sessionId = sessionIdOf(response.json().url);
      const sent = stripe.requests.findLast((request) => request.path === '/v1/checkout/sessions');
      expect(sent?.form).toMatchObject({
        mode: 'payment',
        'line_items[0][price_data][unit_amount]': '3999',
        'line_items[0][price_data][currency]': 'usd',
        'metadata[package]': 'developer',
        'metadata[credits]': '500',
        client_reference_id: account.workspaceId,
        success_url: 'http://localhost:3000/app/credits?success=true&session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://localhost:3000/app/credits?canceled=true',
      });
      expect(stripe.sessions.get(sessionId)?.metadata.paymentId).toMatch(/^pay_/);
      const history = (await account.call('GET', '/api/payments')).json().payments;
      expect(history).toEqual([
        expect.objectContaining({
          package: 'developer',
          credits: 500,
          amount: 3999,
          status: 'pending',
          provider: 'stripe',
        }),
      ]);
    });

    it('refuses an unknown package with 400 and writes nothing; signed out is 401', async () => {
      const account = await signedInAccount(runtime, owner);
      const unknown = await account.call('POST', '/api/payments/create-checkout-session', {
        package: 'mega',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error).toContain(PAYMENT_MESSAGES.unknownPackage);
      expect((await account.call('GET', '/api/payments')).json().payments).toEqual([]);
      const signedOut = await runtime.app.inject({
        method: 'POST',
        url: '/api/payments/create-checkout-session',
        payload: { package: 'starter' },
      });
      expect(signedOut.statusCode).toBe(401);
    });

    it('verify credits a paid session once, moves the account to Pro, and says so on a repeat', async () => {
      const account = await signedInAccount(runtime, owner);
      const sessionId = await startSession(account, 'developer');

      const early = await account.call('POST', '/api/payments/verify-payment', { sessionId });
      expect(early.json()).toEqual({
        success: false,
        alreadyProcessed: false,
        creditsAdded: 0,
        message: PAYMENT_MESSAGES.notPaid,
      });
      expect((await ledgerCheck(runtime.services, account.workspaceId)).balance).toBe(20);

      stripe.pay(sessionId);
      const verified = await account.call('POST', '/api/payments/verify-payment', { sessionId });
      expect(verified.json()).toEqual({
        success: true,
        alreadyProcessed: false,
        creditsAdded: 500,
        message: PAYMENT_MESSAGES.credited(500),
      });
      const again = await account.call('POST', '/api/payments/verify-payment', { sessionId });
      expect(again.json()).toMatchObject({ success: true, alreadyProcessed: true, creditsAdded: 500 });
      expect(await ledgerCheck(runtime.services, account.workspaceId)).toEqual({ balance: 520, sum: 520 });
      expect(await tierOf(runtime, account.workspaceId)).toBe('pro');
      const [payment] = (await account.call('GET', '/api/payments')).json().payments;
      expect(payment).toMatchObject({ status: 'paid', paidAt: expect.any(String) });
    });

    it('credits exactly once when one event arrives five times at once alongside the verify call', async () => {
      const account = await signedInAccount(runtime, owner);
      const sessionId = await startSession(account, 'pro');
      stripe.pay(sessionId);
      const event = stripe.signedEvent('checkout.session.completed', sessionId);
      const responses = await Promise.all([
        ...Array.from({ length: 5 }, () => webhook(event)),
        account.call('POST', '/api/payments/verify-payment', { sessionId }),
        webhook(stripe.signedEvent('checkout.session.completed', sessionId)),
      ]);
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200]);
      const outcomes = responses.slice(0, 5).map((response) => response.json().outcome);
      expect(outcomes.filter((outcome) => outcome === 'handled')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(4);
      expect(await purchaseEntries(runtime, account.workspaceId)).toHaveLength(1);
      expect(await ledgerCheck(runtime.services, account.workspaceId)).toEqual({ balance: 1020, sum: 1020 });
    });

    it('changes nothing for a forged, a replayed or an unsigned webhook (400)', async () => {
      const account = await signedInAccount(runtime, owner);
      const sessionId = await startSession(account, 'starter');
      stripe.pay(sessionId);
      const forged = await webhook(
        stripe.signedEvent('checkout.session.completed', sessionId, { secret: 'whsec_wrong' }),
      );
      const stale = await webhook(
        stripe.signedEvent('checkout.session.completed', sessionId, {
          timestamp: Math.floor(Date.now() / 1000) - 301,
        }),
      );
      const unsigned = await webhook({
        payload: stripe.signedEvent('checkout.session.completed', sessionId).payload,
      });
      const tampered = stripe.signedEvent('checkout.session.completed', sessionId);
      const tamperedResponse = await webhook({
        ...tampered,
        payload: tampered.payload.replace('"paid"', '"paid" '),
      });
      for (const response of [forged, stale, unsigned, tamperedResponse]) {
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('BAD_REQUEST');
      }
      expect(await purchaseEntries(runtime, account.workspaceId)).toEqual([]);
      const { rows } = await runtime.services.pool.query(
        'select count(*)::int as n from payment_events where checkout_session_id = $1',
        [sessionId],
      );
      expect(rows[0].n).toBe(0);
      // The genuine event still credits afterwards.
      expect(
        (await webhook(stripe.signedEvent('checkout.session.completed', sessionId))).json().outcome,
      ).toBe('handled');
      expect(await ledgerCheck(runtime.services, account.workspaceId)).toEqual({ balance: 120, sum: 120 });
    });

    it('follows delayed payments: processing, then credited on success or failed on failure', async () => {
      const account = await signedInAccount(runtime, owner);
      const succeeding = await startSession(account, 'starter');
      const failing = await startSession(account, 'starter');
      stripe.pay(succeeding, { delayed: true });
      stripe.pay(failing, { delayed: true });
      await webhook(stripe.signedEvent('checkout.session.completed', succeeding));
      await webhook(stripe.signedEvent('checkout.session.completed', failing));
      const statuses = async () =>
        Object.fromEntries(
          (await account.call('GET', '/api/payments'))
            .json()
            .payments.map((p: { status: string; _id: string }) => [p._id, p.status]),
        );
      expect(Object.values(await statuses())).toEqual(['processing', 'processing']);
      expect((await ledgerCheck(runtime.services, account.workspaceId)).balance).toBe(20);

      stripe.settleDelayed(succeeding, true);
      await webhook(stripe.signedEvent('checkout.session.async_payment_succeeded', succeeding));
      await webhook(stripe.signedEvent('checkout.session.async_payment_failed', failing));
      expect(Object.values(await statuses()).sort()).toEqual(['failed', 'paid']);
      expect(await ledgerCheck(runtime.services, account.workspaceId)).toEqual({ balance: 120, sum: 120 });
      // A late "expired" for the paid session leaves it paid.
      await webhook(stripe.signedEvent('checkout.session.expired', succeeding));
      expect(Object.values(await statuses()).sort()).toEqual(['failed', 'paid']);
    });

    it("records an expired session, and verify of another account's session is 404", async () => {
      const buyer = await signedInAccount(runtime, owner);
      const stranger = await signedInAccount(runtime, owner);
      const sessionId = await startSession(buyer, 'large');
      stripe.pay(sessionId);
      const foreign = await stranger.call('POST', '/api/payments/verify-payment', { sessionId });
      expect(foreign.statusCode).toBe(404);
      expect((await ledgerCheck(runtime.services, stranger.workspaceId)).balance).toBe(20);

      const expiring = await startSession(buyer, 'starter');
      stripe.expire(expiring);
      await webhook(stripe.signedEvent('checkout.session.expired', expiring));
      const payments = (await buyer.call('GET', '/api/payments')).json().payments;
      expect(payments[0]).toMatchObject({ package: 'starter', status: 'expired' });
    });

    it('answers 503 and keeps no open payment when Stripe cannot create the session', async () => {
      const account = await signedInAccount(runtime, owner);
      stripe.failCreates(true);
      try {
        const response = await account.call('POST', '/api/payments/create-checkout-session', {
          package: 'starter',
        });
        expect(response.statusCode).toBe(503);
        expect(response.json().code).toBe('SERVICE_UNAVAILABLE');
      } finally {
        stripe.failCreates(false);
      }
      const { rows } = await runtime.services.pool.query(
        'select status from payments where workspace_id = $1',
        [account.workspaceId],
      );
      expect(rows).toEqual([{ status: 'failed' }]);
      expect((await account.call('GET', '/api/payments')).json().payments).toEqual([]);
    });
  },
);

describe('payments in sandbox mode (no Stripe keys, not production)', () => {
  const runtime = useTestRuntime({ PUBLIC_URL: 'http://localhost:3999' });

  it('runs the TEST MODE checkout through the same verify and fulfil path', async () => {
    const account = await signedInAccount(runtime);
    const { url } = (
      await account.call('POST', '/api/payments/create-checkout-session', { package: 'developer' })
    ).json();
    expect(url).toMatch(/^http:\/\/localhost:3999\/sandbox-checkout\/cs_sandbox_[\w-]+$/);
    const sessionId = url.split('/').pop() as string;

    const page = await account.call('GET', `/api/payments/sandbox/${sessionId}`);
    expect(page.json()).toEqual({
      sessionId,
      package: 'developer',
      label: 'Developer',
      credits: 500,
      amount: 3999,
      currency: 'usd',
      status: 'open',
      email: account.email,
      saveCard: false,
    });
    expect((await account.call('POST', '/api/payments/verify-payment', { sessionId })).json().success).toBe(
      false,
    );

    const paid = await account.call('POST', `/api/payments/sandbox/${sessionId}/pay`);
    expect(paid.json()).toEqual({
      redirectUrl: `http://localhost:3999/app/credits?success=true&session_id=${sessionId}`,
    });
    expect((await account.call('POST', `/api/payments/sandbox/${sessionId}/pay`)).statusCode).toBe(409);
    const verified = await account.call('POST', '/api/payments/verify-payment', { sessionId });
    expect(verified.json()).toMatchObject({ success: true, alreadyProcessed: false, creditsAdded: 500 });
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 520, sum: 520 });
    const [payment] = (await account.call('GET', '/api/payments')).json().payments;
    expect(payment).toMatchObject({ provider: 'sandbox', status: 'paid' });
  });

  it('cancel returns to the cancel URL, records the payment canceled and credits nothing', async () => {
    const account = await signedInAccount(runtime);
    const { url } = (
      await account.call('POST', '/api/payments/create-checkout-session', { package: 'starter' })
    ).json();
    const sessionId = url.split('/').pop() as string;
    const canceled = await account.call('POST', `/api/payments/sandbox/${sessionId}/cancel`);
    expect(canceled.json()).toEqual({ redirectUrl: 'http://localhost:3999/app/credits?canceled=true' });
    expect((await account.call('POST', `/api/payments/sandbox/${sessionId}/pay`)).statusCode).toBe(409);
    expect((await account.call('POST', '/api/payments/verify-payment', { sessionId })).json().success).toBe(
      false,
    );
    expect((await account.call('GET', '/api/payments')).json().payments[0].status).toBe('canceled');
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 20, sum: 20 });
  });

  it('shows a sandbox session to its owner only, and the webhook is off without Stripe', async () => {
    const owner = await signedInAccount(runtime);
    const stranger = await signedInAccount(runtime);
    const { url } = (
      await owner.call('POST', '/api/payments/create-checkout-session', { package: 'starter' })
    ).json();
    const sessionId = url.split('/').pop() as string;
    expect((await stranger.call('GET', `/api/payments/sandbox/${sessionId}`)).statusCode).toBe(404);
    expect((await stranger.call('POST', `/api/payments/sandbox/${sessionId}/pay`)).statusCode).toBe(404);
    const hook = await runtime.app.inject({ method: 'POST', url: '/api/payments/webhook', payload: '{}' });
    expect(hook.statusCode).toBe(503);
  });
});

describe('payments in production without Stripe keys', () => {
  it('has no checkout provider, so checkout answers 503 with a clear message', async () => {
    const provider = createCheckoutProvider(
      {
        isProduction: true,
        PUBLIC_URL: 'https://conduit.example',
        STRIPE_SECRET_KEY: undefined,
        STRIPE_API_BASE: undefined,
      },
      {} as never,
    );
    expect(provider).toBeUndefined();
    const ctx = {
      db: {} as never,
      provider,
      publicUrl: 'https://conduit.example',
      log: pino({ level: 'silent' }),
      jobs: {} as never,
    };
    await expect(
      startCheckout(ctx, { workspaceId: 'usr_x', buyerId: 'usr_x', email: 'a@example.com' }, 'starter'),
    ).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: PAYMENT_MESSAGES.unavailable,
    });
    expect(PAYMENT_TEXTS.checkoutFailed).toBe('Failed to start payment process');
  });
});
