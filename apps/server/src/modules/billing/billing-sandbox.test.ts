import { appPath, BILLING_TEXTS, boughtByText } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { readAs, signedInAccount } from '../../../test/accounts.ts';
import {
  BILLING_DETAILS,
  billingAccount,
  purchaseCount,
  sandboxPurchase,
  TOP_UP,
  topUpPayments,
  withBillingRuntime,
} from '../../../test/billing-account.ts';
import { createTeamAs, joinedMember, useWorkspace } from '../../../test/team-members.ts';

const started = withBillingRuntime({ PUBLIC_URL: 'http://localhost:3999' });

const DETAILS = { ...BILLING_DETAILS, line2: 'Floor 2' };

describe('billing details', () => {
  it('are saved cleaned up, answered back, and refused with 400 (nothing written) when invalid', async () => {
    const account = await billingAccount(started.runtime);
    expect((await account.call('GET', appPath('billingDetails'))).json()).toEqual({ details: null });
    for (const [field, value, message] of [
      ['country', 'United States', 'Country must be a two-letter code'],
      ['name', '  ', 'Name is required'],
      ['vatId', 'not a vat id!', 'VAT ID must start with a two-letter country code'],
      ['postalCode', '<b>', 'Postal code may have letters'],
    ] as const) {
      const refused = await account.call('PUT', appPath('saveBillingDetails'), {
        ...DETAILS,
        [field]: value,
      });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().error).toContain(message);
    }
    expect(
      (await account.call('PUT', appPath('saveBillingDetails'), { ...DETAILS, extra: 1 })).statusCode,
    ).toBe(400);
    expect((await account.call('GET', appPath('billingDetails'))).json()).toEqual({ details: null });
    const saved = await account.call('PUT', appPath('saveBillingDetails'), {
      ...DETAILS,
      vatId: 'de 123.456.789',
    });
    expect(saved.json()).toEqual({
      details: { ...DETAILS, company: null, country: 'US', vatId: 'DE123456789' },
    });
    expect((await account.call('GET', appPath('billingDetails'))).json()).toEqual(saved.json());
  });

  it('are for owners, admins and billing members: a developer gets 403 and the receipt 404', async () => {
    const owner = await signedInAccount(started.runtime, 'user', 'owner');
    const teamId = await createTeamAs(owner);
    const developer = await joinedMember(started.runtime, started.inbox, owner, teamId, 'developer');
    const billing = await joinedMember(started.runtime, started.inbox, owner, teamId, 'billing');
    expect((await developer.call('GET', appPath('billingDetails'))).statusCode).toBe(403);
    const denied = await developer.call('PUT', appPath('saveBillingDetails'), DETAILS);
    expect(denied.statusCode).toBe(403);
    expect((await developer.call('GET', appPath('autoTopUp'))).statusCode).toBe(403);
    expect(
      (await developer.call('PUT', appPath('saveAutoTopUp'), { ...TOP_UP, enabled: false })).statusCode,
    ).toBe(403);
    const { rows } = await started.runtime.services.pool.query(
      'select 1 from billing_profiles where workspace_id = $1',
      [teamId],
    );
    expect(rows).toEqual([]);
    expect((await billing.call('PUT', appPath('saveBillingDetails'), DETAILS)).statusCode).toBe(200);
    // The team's purchase, by its billing member: the receipt is theirs and the owner's, not the developer's.
    const { url } = (
      await billing.call('POST', appPath('createCheckoutSession'), { package: 'starter' })
    ).json();
    const sessionId = url.split('/').pop() as string;
    await billing.call('POST', appPath('sandboxPay', { sessionId }));
    await billing.call('POST', appPath('verifyPayment'), { sessionId });
    const [payment] = (await billing.call('GET', appPath('payments'))).json().payments;
    const receiptPath = appPath('receipt', { paymentId: payment._id });
    await useWorkspace(owner, teamId);
    const seenByOwner = await owner.call('GET', receiptPath);
    expect(seenByOwner.statusCode).toBe(200);
    // The receipt names who bought, not only how: the billing member at checkout.
    expect(seenByOwner.json().buyer).toBe(billing.email);
    expect(boughtByText(seenByOwner.json())).toBe(`${billing.email} (checkout)`);
    const hidden = await developer.call('GET', receiptPath);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error).toBe(BILLING_TEXTS.receiptNotFound);
    // Another workspace's member does not see it either.
    const stranger = await billingAccount(started.runtime);
    expect((await stranger.call('GET', receiptPath)).statusCode).toBe(404);
    const audit = (await owner.call('GET', appPath('teamAuditLog', { teamId }))).json().entries;
    expect(audit.map((entry: { action: string }) => entry.action)).toContain('billing.details_updated');
  });
});

describe('auto top-up in the sandbox (TEST MODE saved card)', () => {
  it('saves the card on a sandbox checkout, tops up once, and prints a receipt of our own', async () => {
    const account = await billingAccount(started.runtime, 20);
    await account.call('PUT', appPath('saveBillingDetails'), DETAILS);
    const refused = await account.saveAutoTopUp(TOP_UP);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(BILLING_TEXTS.needsSavedCard);
    const sessionId = await sandboxPurchase(account, '4242 4242 4242 4242');
    const bad = await account.call('POST', appPath('createCheckoutSession'), {
      package: 'starter',
      saveCard: true,
    });
    const badSession = bad.json().url.split('/').pop() as string;
    const invalid = await account.call('POST', appPath('sandboxPay', { sessionId: badSession }), {
      cardNumber: '1234',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe(BILLING_TEXTS.invalidCard);
    expect(sessionId).toMatch(/^cs_sandbox_/);
    expect((await account.saveAutoTopUp(TOP_UP)).json()).toMatchObject({
      card: { provider: 'sandbox', last4: '4242', label: 'Sandbox card •••• 4242' },
      settings: TOP_UP,
    });
    await account.spendDownTo(49);
    await Promise.all(Array.from({ length: 10 }, () => started.scan()));
    expect(await account.balance()).toBe(149);
    expect(await purchaseCount(started.runtime, account.workspaceId)).toBe(2);
    const payments = (await account.call('GET', appPath('payments'))).json().payments;
    expect(payments[0]).toMatchObject({
      kind: 'auto_topup',
      status: 'paid',
      method: 'Sandbox card •••• 4242',
      receiptUrl: `/app/credits/receipts/${payments[0]._id}`,
    });
    const receipt = await account.call('GET', appPath('receipt', { paymentId: payments[0]._id }));
    expect(receipt.json()).toMatchObject({
      paymentId: payments[0]._id,
      seller: { name: 'Conduit', website: 'http://localhost:3999' },
      billingDetails: { name: 'Grace Hopper', line1: '7 Compiler Road', city: 'Arlington', country: 'US' },
      label: 'Starter',
      credits: 100,
      amount: 999,
      currency: 'usd',
      method: 'Sandbox card •••• 4242',
      kind: 'auto_topup',
      testMode: true,
    });
    // A payment that is not paid has no receipt.
    const pending = await account.call('POST', appPath('createCheckoutSession'), { package: 'pro' });
    expect(pending.statusCode).toBe(200);
    const open = (await account.call('GET', appPath('payments')))
      .json()
      .payments.find((p: { status: string }) => p.status === 'pending');
    expect(open.receiptUrl).toBeNull();
    expect((await account.call('GET', appPath('receipt', { paymentId: open._id }))).statusCode).toBe(404);
  });

  it("a team's saved cards and auto top-up settings are in its audit log, by the member who saved them", async () => {
    const owner = await signedInAccount(started.runtime, 'user', 'owner');
    const teamId = await createTeamAs(owner);
    const billing = await joinedMember(started.runtime, started.inbox, owner, teamId, 'billing');
    await useWorkspace(owner, teamId);
    const auditSince = (await readAs(owner, appPath('teamAuditLog', { teamId }))).entries.length;

    // The billing member saves a card with a purchase and turns auto top-up on; the owner turns it
    // off, then the billing member saves another card with a second purchase.
    await sandboxPurchase(billing);
    const turnedOn = await billing.call('PUT', appPath('saveAutoTopUp'), TOP_UP);
    expect(turnedOn.statusCode, turnedOn.body).toBe(200);
    const turnedOff = await owner.call('PUT', appPath('saveAutoTopUp'), { ...TOP_UP, enabled: false });
    expect(turnedOff.statusCode, turnedOff.body).toBe(200);
    await sandboxPurchase(billing, '5555 5555 5555 4444');
    expect(await readAs(owner, appPath('autoTopUp'))).toMatchObject({
      settings: { ...TOP_UP, enabled: false },
      card: { provider: 'sandbox', brand: 'mastercard', last4: '4444' },
    });

    const purchases = (await readAs(owner, appPath('payments'))).payments.map(
      (payment: { _id: string }) => payment._id,
    );
    const log = (await readAs(owner, appPath('teamAuditLog', { teamId }))).entries;
    const billingEvents = log
      .slice(0, log.length - auditSince)
      .filter((entry: { action: string }) => entry.action.startsWith('auto_topup.'))
      .map((entry: { action: string; actor: string; details: unknown }) => [
        entry.action,
        entry.actor,
        entry.details,
      ])
      .reverse();
    expect(billingEvents).toEqual([
      ['auto_topup.card_saved', billing.email, { paymentId: purchases[1], brand: 'visa', last4: '4242' }],
      ['auto_topup.updated', billing.email, TOP_UP],
      ['auto_topup.updated', owner.email, { ...TOP_UP, enabled: false }],
      [
        'auto_topup.card_saved',
        billing.email,
        { paymentId: purchases[0], brand: 'mastercard', last4: '4444' },
      ],
    ]);
  });

  it('the declining test card fails three times in a row, turns auto top-up off and mails the owner', async () => {
    const account = await billingAccount(started.runtime, 20);
    await sandboxPurchase(account, '4000 0000 0000 0002');
    expect((await account.saveAutoTopUp(TOP_UP)).json().card.last4).toBe('0002');
    await account.spendDownTo(0);
    const since = started.inbox.messages.length;
    const start = Date.now();
    for (const hours of [0, 2, 4]) {
      await started.scan({
        now: new Date(start + hours * 3_600_000),
      });
    }
    const failed = await topUpPayments(started.runtime, account.workspaceId);
    expect(failed.map((payment) => [payment.status, payment.failure_message])).toEqual([
      ['failed', BILLING_TEXTS.declined],
      ['failed', BILLING_TEXTS.declined],
      ['failed', BILLING_TEXTS.declined],
    ]);
    expect(await account.autoTopUp()).toMatchObject({
      settings: { enabled: false },
      turnedOffAfterFailures: true,
      failuresInARow: 3,
      lastTopUp: { status: 'failed', failureMessage: BILLING_TEXTS.declined },
    });
    const mail = await started.inbox.waitForMail(account.email, {
      since,
      subject: 'Auto top-up was turned off',
    });
    expect(mail.text).toContain('http://localhost:3999/app/credits');
    expect(await account.balance()).toBe(0);
    // A good card saved by the next purchase, turned on again: it tops up (and the run of declines ends).
    await sandboxPurchase(account);
    await account.spendDownTo(0);
    expect((await account.saveAutoTopUp(TOP_UP)).json().failuresInARow).toBe(0);
    await started.scan({ now: new Date(start + 6 * 3_600_000) });
    expect(await account.balance()).toBe(100);
  });
});
