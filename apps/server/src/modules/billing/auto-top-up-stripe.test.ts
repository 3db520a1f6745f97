import { appPath } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import {
  billingAccount,
  purchaseCount,
  saveCardWithAutoTopUp,
  scanWithAnswersLost,
  TOP_UP,
  topUpPayments,
  withBillingRuntime,
} from '../../../test/billing-account.ts';
import { deliverStripeEvent, type FakeStripe, startFakeStripe } from '../../../test/fake-stripe.ts';
import { ledgerCheck } from '../../../test/paid-account.ts';

let stripe: FakeStripe;

// The fake Stripe server must be up before the runtime is configured with its address.
stripe = await startFakeStripe();
const started = withBillingRuntime({ ...stripe.serverConfig, AUTO_TOPUP_RETRY_S: '600' });

const webhook = (event: { payload: string; header: string }) => deliverStripeEvent(started.runtime, event);

/** A customer who bought a pack on Stripe's page with "Save this card" ticked, and turned auto top-up on. */
async function customerWithSavedCard(details = true) {
  const account = await billingAccount(started.runtime, 20);
  if (details) {
    const saved = await account.call('PUT', appPath('saveBillingDetails'), {
      name: 'Ada Lovelace',
      company: 'Engines Ltd',
      line1: '1 Engine Street',
      city: 'London',
      postalCode: 'N1 9GU',
      country: 'gb',
      vatId: 'GB 123 456 789',
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const sessionId = await saveCardWithAutoTopUp(account, stripe);
  return { account, sessionId };
}

const autoTopUpIntents = () =>
  [...stripe.intents.values()].filter((intent) => intent.metadata.kind === 'auto_topup');

describe('auto top-up with Stripe (fake Stripe server, real PostgreSQL)', () => {
  it('saves the card through Checkout on a Customer with the billing details, and stores the receipt', async () => {
    const { account, sessionId } = await customerWithSavedCard();
    const sent = stripe.requests.findLast((request) => request.path === '/v1/checkout/sessions');
    expect(sent?.form).toMatchObject({ 'payment_intent_data[setup_future_usage]': 'off_session' });
    const customerId = stripe.sessions.get(sessionId)?.customer as string;
    expect(stripe.customers.get(customerId)).toMatchObject({
      name: 'Engines Ltd',
      address: { line1: '1 Engine Street', city: 'London', postal_code: 'N1 9GU', country: 'GB' },
      metadata: { vatId: 'GB123456789', workspaceId: account.workspaceId },
    });
    const state = await account.autoTopUp();
    expect(state).toMatchObject({
      settings: TOP_UP,
      card: { provider: 'stripe', brand: 'visa', last4: '4242', label: 'Visa •••• 4242' },
      topUpsThisMonth: 0,
    });
    const [payment] = (await account.call('GET', appPath('payments'))).json().payments;
    expect(payment).toMatchObject({
      kind: 'checkout',
      method: 'Visa •••• 4242',
      receiptUrl: expect.stringMatching(/^https:\/\/pay\.stripe\.test\/receipts\/ch_/),
    });
  });

  it('a crossing buys exactly one pack with 10 concurrent scans, re-arms, and stops at the monthly cap', async () => {
    const { account } = await customerWithSavedCard();
    await account.spendDownTo(10);
    await Promise.all(Array.from({ length: 10 }, () => started.scan()));
    expect(await purchaseCount(started.runtime, account.workspaceId)).toBe(2);
    expect(await account.balance()).toBe(110);
    const [first] = await topUpPayments(started.runtime, account.workspaceId);
    expect(first).toMatchObject({ status: 'paid', card_last4: '4242' });
    expect(first?.receipt_url).toMatch(/^https:\/\/pay\.stripe\.test\/receipts\//);
    const intent = stripe.intents.get(first?.payment_intent_id as string);
    expect(intent).toMatchObject({ off_session: true, status: 'succeeded', amount: 999 });
    expect(
      stripe.requests.filter(
        (request) =>
          request.path === '/v1/payment_intents' && request.form['metadata[paymentId]'] === first?.id,
      ),
    ).toHaveLength(1);

    // Still above the threshold: nothing. Below again: re-armed, so a second pack.
    await started.scan();
    expect(await purchaseCount(started.runtime, account.workspaceId)).toBe(2);
    await account.spendDownTo(5);
    await Promise.all(Array.from({ length: 5 }, () => started.scan()));
    expect(await account.balance()).toBe(105);
    // The cap is 2 a month: the third crossing buys nothing.
    await account.spendDownTo(1);
    await started.scan();
    expect(await account.balance()).toBe(1);
    expect(await account.autoTopUp()).toMatchObject({
      topUpsThisMonth: 2,
      lastTopUp: { status: 'paid', credits: 100 },
    });
    // A new month counts afresh.
    const nextMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 2));
    await started.scan({ now: nextMonth });
    expect(await account.balance()).toBe(101);
    expect(await ledgerCheck(started.runtime.services, account.workspaceId)).toEqual({
      balance: 101,
      sum: 101,
    });
  });

  it('credits a top-up once when the webhook and the verify poll race after the charge answer was lost', async () => {
    const { account } = await customerWithSavedCard(false);
    await account.spendDownTo(0);
    // Stripe charges the card, but its answer never reaches us: the payment stays pending.
    await scanWithAnswersLost(started);
    const [pending] = await topUpPayments(started.runtime, account.workspaceId);
    expect(pending?.status).toBe('pending');
    expect(await account.balance()).toBe(0);
    const intent = autoTopUpIntents().find((candidate) => candidate.metadata.paymentId === pending?.id);
    expect(intent?.status).toBe('succeeded');
    const event = stripe.signedIntentEvent('payment_intent.succeeded', intent?.id as string);
    const [answers] = await Promise.all([
      Promise.all([
        webhook(event),
        webhook(event),
        webhook(stripe.signedIntentEvent('payment_intent.succeeded', intent?.id as string)),
      ]),
      started.scan({ settleOlderThanMs: 0 }),
      started.scan({ settleOlderThanMs: 0 }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(await account.balance()).toBe(100);
    expect(await purchaseCount(started.runtime, account.workspaceId)).toBe(2);
    const [paid] = await topUpPayments(started.runtime, account.workspaceId);
    expect(paid).toMatchObject({ status: 'paid', payment_intent_id: intent?.id });
    expect(paid?.receipt_url).toMatch(/^https:\/\/pay\.stripe\.test\/receipts\//);
    // The same charge was asked for again under the same idempotency key: still one PaymentIntent.
    expect(
      autoTopUpIntents().filter((candidate) => candidate.metadata.paymentId === pending?.id),
    ).toHaveLength(1);
  });

  it('three declines in a row turn auto top-up off and mail the owner; a late failure webhook counts nothing', async () => {
    const { account } = await customerWithSavedCard(false);
    const card = (await topUpPaymentsMethod(account.workspaceId)) as string;
    stripe.declineCard(card);
    await account.spendDownTo(3);
    const since = started.inbox.messages.length;
    const start = Date.now();
    // Retries wait AUTO_TOPUP_RETRY_S (600 s): a scan in between charges nothing.
    await started.scan({ now: new Date(start) });
    await started.scan({ now: new Date(start + 60_000) });
    expect(await topUpPayments(started.runtime, account.workspaceId)).toHaveLength(1);
    expect(await account.autoTopUp()).toMatchObject({
      failuresInARow: 1,
      settings: { enabled: true },
      lastTopUp: { status: 'failed', failureMessage: 'Your card was declined.' },
    });
    await started.scan({ now: new Date(start + 601_000) });
    await started.scan({ now: new Date(start + 1_202_000) });
    const failed = await topUpPayments(started.runtime, account.workspaceId);
    expect(failed.map((payment) => payment.status)).toEqual(['failed', 'failed', 'failed']);
    expect(await account.autoTopUp()).toMatchObject({
      failuresInARow: 3,
      turnedOffAfterFailures: true,
      settings: { enabled: false },
      topUpsThisMonth: 0,
    });
    const mail = await started.inbox.waitForMail(account.email, {
      since,
      subject: 'Auto top-up was turned off',
    });
    expect(mail.text).toContain('three failed charges in a row');
    // Off now: no more charges; Stripe's failure event for the last one changes nothing.
    await started.scan({ now: new Date(start + 9_000_000) });
    expect(await topUpPayments(started.runtime, account.workspaceId)).toHaveLength(3);
    const lastIntent = failed.at(-1)?.payment_intent_id as string;
    expect(
      (await webhook(stripe.signedIntentEvent('payment_intent.payment_failed', lastIntent))).statusCode,
    ).toBe(200);
    expect((await account.autoTopUp()).failuresInARow).toBe(3);
    expect(
      started.inbox.messages
        .slice(since)
        .filter((message) => message.subject === 'Auto top-up was turned off'),
    ).toHaveLength(1);
    expect(await account.balance()).toBe(3);
    // Turning it on again starts afresh.
    stripe.declineCard('none');
    expect((await account.saveAutoTopUp(TOP_UP)).json()).toMatchObject({
      failuresInARow: 0,
      turnedOffAfterFailures: false,
    });
  });
});

/** The payment mails of a payment, once every one queued for it is sent. */
async function sentMailsAbout(paymentId: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await started.runtime.services.pool.query(
      `select state from pgboss.job where name = 'payment-mail' and data->>'paymentId' = $1`,
      [paymentId],
    );
    if (rows.length > 0 && rows.every((row) => row.state === 'completed')) break;
    if (Date.now() > deadline) throw new Error(`payment mails of ${paymentId} not sent`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return started.inbox.messages.filter((mail) => (mail.text ?? '').includes(paymentId));
}

describe('receipts and the saved card with Stripe', () => {
  it('mails one receipt when the webhook and the return-page verification race', async () => {
    const account = await billingAccount(started.runtime, 20);
    const created = await account.call('POST', appPath('createCheckoutSession'), { package: 'developer' });
    const sessionId = created.json().url.split('/').pop() as string;
    stripe.pay(sessionId);
    const event = stripe.signedEvent('checkout.session.completed', sessionId);
    const answers = await Promise.all([
      webhook(event),
      webhook(stripe.signedEvent('checkout.session.completed', sessionId)),
      ...Array.from({ length: 4 }, () => account.call('POST', appPath('verifyPayment'), { sessionId })),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(await purchaseCount(started.runtime, account.workspaceId)).toBe(1);
    const [payment] = (await account.call('GET', appPath('payments'))).json().payments;
    const mails = await sentMailsAbout(payment._id);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Receipt: $39.99 for 500 credits');
    expect(mails[0]?.text).toContain('charged to Visa •••• 4242');
  });

  it('Replace card: a new card saved by a purchase replaces the old one, which is detached at Stripe', async () => {
    const { account } = await customerWithSavedCard(false);
    const oldCard = (await topUpPaymentsMethod(account.workspaceId)) as string;
    const created = await account.call('POST', appPath('createCheckoutSession'), {
      package: 'starter',
      saveCard: true,
    });
    const sessionId = created.json().url.split('/').pop() as string;
    stripe.pay(sessionId);
    expect((await account.call('POST', appPath('verifyPayment'), { sessionId })).json().success).toBe(true);
    const newCard = await topUpPaymentsMethod(account.workspaceId);
    expect(newCard).not.toBe(oldCard);
    await expect.poll(() => stripe.detached.has(oldCard), { timeout: 10_000 }).toBe(true);
    expect(stripe.detached.has(newCard as string)).toBe(false);
    expect((await account.autoTopUp()).settings.enabled).toBe(true);
  });

  it('Remove card detaches the PaymentMethod at Stripe; while Stripe is unreachable nothing changes (503)', async () => {
    const { account } = await customerWithSavedCard(false);
    const card = (await topUpPaymentsMethod(account.workspaceId)) as string;
    stripe.failDetach(true);
    const refused = await account.call('DELETE', appPath('removeSavedCard'));
    stripe.failDetach(false);
    expect(refused.statusCode).toBe(503);
    expect(await account.autoTopUp()).toMatchObject({ card: { last4: '4242' }, settings: { enabled: true } });
    const removed = await account.call('DELETE', appPath('removeSavedCard'));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ card: null, settings: { enabled: false } });
    expect(stripe.detached.has(card)).toBe(true);
    // The refused removal: the stripe client's first try and its two retries; then the one that worked.
    expect(
      stripe.requests.filter((request) => request.path === `/v1/payment_methods/${card}/detach`),
    ).toHaveLength(4);
  });
});

async function topUpPaymentsMethod(workspaceId: string) {
  const { rows } = await started.runtime.services.pool.query(
    'select payment_method_id from saved_cards where workspace_id = $1',
    [workspaceId],
  );
  return rows[0]?.payment_method_id as string | undefined;
}
