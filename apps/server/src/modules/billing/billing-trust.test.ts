import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { appPath, BILLING_TEXTS } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { signedInAccount } from '../../../test/accounts.ts';
import {
  BILLING_DETAILS,
  billingAccount,
  sandboxPurchase,
  TOP_UP,
  withBillingRuntime,
} from '../../../test/billing-account.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { recipientOf } from '../../../test/smtp-inbox.ts';
import { createTeamAs, joinedMember, useWorkspace } from '../../../test/team-members.ts';
import { MIGRATIONS_DIR } from '../../platform/database.ts';
import { expireAbandonedCheckouts } from '../payments/expire-checkouts.ts';
import { PAYMENT_MAIL_QUEUE } from './payment-mail.ts';

const started = withBillingRuntime({ PUBLIC_URL: 'http://localhost:3999' });

const DETAILS = { ...BILLING_DETAILS, company: 'Navy Labs' };

type Caller = { call: Awaited<ReturnType<typeof billingAccount>>['call'] };

/** Starts a sandbox checkout of the starter pack and pays it on the TEST MODE page (not verified yet). */
async function paidSession(account: Caller, cardNumber = '5555 5555 5555 4444') {
  const created = await account.call('POST', appPath('createCheckoutSession'), { package: 'starter' });
  const sessionId = created.json().url.split('/').pop() as string;
  const paid = await account.call('POST', appPath('sandboxPay', { sessionId }), { cardNumber });
  expect(paid.statusCode, paid.body).toBe(200);
  return sessionId;
}

/** The payment mail jobs of a payment, once none is waiting or running any more. */
async function settledMailJobs(paymentId: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await started.runtime.services.pool.query<{ state: string; to: string }>(
      `select state, data->>'userId' as to from pgboss.job where name = $1 and data->>'paymentId' = $2`,
      [PAYMENT_MAIL_QUEUE, paymentId],
    );
    if (rows.length > 0 && rows.every((row) => row.state === 'completed')) return rows;
    if (Date.now() > deadline)
      throw new Error(`payment mails of ${paymentId} not sent: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const mailsAbout = (paymentId: string) =>
  started.inbox.messages.filter((mail) => (mail.text ?? '').includes(paymentId));

describe('receipt mails', () => {
  it('one receipt per payment, however many verify calls race: amount, credits, card, link', async () => {
    const account = await billingAccount(started.runtime);
    const sessionId = await paidSession(account);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => account.call('POST', appPath('verifyPayment'), { sessionId })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.filter((answer) => answer.json().alreadyProcessed === false)).toHaveLength(1);
    const [payment] = (await account.call('GET', appPath('payments'))).json().payments;
    await settledMailJobs(payment._id);
    const mails = mailsAbout(payment._id);
    expect(mails.map(recipientOf)).toEqual([account.email]);
    const [mail] = mails;
    expect(mail?.subject).toBe('Receipt: $9.99 for 100 credits');
    expect(mail?.text).toContain('$9.99 was charged to Sandbox card •••• 4444 for 100 credits');
    expect(mail?.text).toContain(`http://localhost:3999/app/credits/receipts/${payment._id}`);
    // A verify call after the mail went out sends nothing more.
    await account.call('POST', appPath('verifyPayment'), { sessionId });
    await settledMailJobs(payment._id);
    expect(mailsAbout(payment._id)).toHaveLength(1);
  });

  it("a team's receipt goes to its owner and billing members, not its developers", async () => {
    const owner = await signedInAccount(started.runtime, 'user', 'owner');
    const teamId = await createTeamAs(owner);
    const developer = await joinedMember(started.runtime, started.inbox, owner, teamId, 'developer');
    const billing = await joinedMember(started.runtime, started.inbox, owner, teamId, 'billing');
    await useWorkspace(owner, teamId);
    const sessionId = await paidSession(billing);
    await billing.call('POST', appPath('verifyPayment'), { sessionId });
    const [payment] = (await billing.call('GET', appPath('payments'))).json().payments;
    expect(await settledMailJobs(payment._id)).toHaveLength(2);
    const to = mailsAbout(payment._id).map(recipientOf).sort();
    expect(to).toEqual([owner.email, billing.email].sort());
    expect(to).not.toContain(developer.email);
    expect(mailsAbout(payment._id)[0]?.text).toContain('for the team Acme');
  });

  it('an auto top-up mails a receipt, and a declined one mails a notice with the card and the reason', async () => {
    const account = await billingAccount(started.runtime, 20);
    await sandboxPurchase(account);
    expect((await account.saveAutoTopUp(TOP_UP)).statusCode).toBe(200);
    await account.spendDownTo(10);
    const { charged } = await started.scan();
    const [topUp] = charged;
    await settledMailJobs(topUp as string);
    expect(mailsAbout(topUp as string)[0]?.text).toContain('(starter pack, auto top-up)');

    // The next card declines (the sandbox's declining test card), and the next crossing tries it.
    await sandboxPurchase(account, '4000 0000 0000 0002');
    await account.spendDownTo(10);
    const declined = await started.scan();
    const [failedId] = declined.charged;
    await settledMailJobs(failedId as string);
    const [notice] = mailsAbout(failedId as string);
    expect(notice?.subject).toBe('Auto top-up declined: $9.99 for 100 credits');
    expect(notice?.text).toContain('Sandbox card •••• 0002');
    expect(notice?.text).toContain(BILLING_TEXTS.declined);
    expect(notice?.text).toContain('http://localhost:3999/app/credits');
  });
});

describe('receipts', () => {
  it('print the billing details frozen at payment time, as JSON and as a PDF; another workspace gets 404', async () => {
    const account = await billingAccount(started.runtime);
    expect((await account.call('PUT', appPath('saveBillingDetails'), DETAILS)).statusCode).toBe(200);
    const sessionId = await paidSession(account);
    await account.call('POST', appPath('verifyPayment'), { sessionId });
    const [payment] = (await account.call('GET', appPath('payments'))).json().payments;
    const changed = { ...DETAILS, name: 'Someone Else', line1: '1 New Street', city: 'Boston' };
    expect((await account.call('PUT', appPath('saveBillingDetails'), changed)).statusCode).toBe(200);

    const receipt = await account.call('GET', appPath('receipt', { paymentId: payment._id }));
    expect(receipt.json().billingDetails).toMatchObject({ name: 'Grace Hopper', line1: '7 Compiler Road' });
    const pdf = await account.call('GET', appPath('receiptPdf', { paymentId: payment._id }));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`conduit-receipt-${payment._id}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    for (const line of ['Grace Hopper', 'Navy Labs', '7 Compiler Road', '22201 Arlington', payment._id]) {
      expect(text).toContain(line);
    }
    expect(text).toContain('$9.99 USD');
    expect(text).not.toContain('Someone Else');

    const stranger = await billingAccount(started.runtime);
    for (const route of ['receipt', 'receiptPdf'] as const) {
      const hidden = await stranger.call('GET', appPath(route, { paymentId: payment._id }));
      expect(hidden.statusCode, route).toBe(404);
      expect(hidden.json().error).toBe(BILLING_TEXTS.receiptNotFound);
    }
  });

  it('migration 0024 freezes the details of receipts paid before they were kept, once, and leaves frozen ones', async () => {
    const account = await billingAccount(started.runtime);
    expect((await account.call('PUT', appPath('saveBillingDetails'), DETAILS)).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const sessionId = await paidSession(account);
      await account.call('POST', appPath('verifyPayment'), { sessionId });
    }
    const [unfrozen, frozen] = (await account.call('GET', appPath('payments'))).json().payments;
    const { pool } = started.runtime.services;
    // A receipt paid before the copy was kept, then the details changed.
    await pool.query('update payments set billing_details = null where id = $1', [unfrozen._id]);
    const changed = { ...DETAILS, name: 'Today Name' };
    expect((await account.call('PUT', appPath('saveBillingDetails'), changed)).statusCode).toBe(200);
    await pool.query(await readFile(path.join(MIGRATIONS_DIR, '0026_freeze_receipt_details.sql'), 'utf8'));
    const nameOn = async (paymentId: string) =>
      (await account.call('GET', appPath('receipt', { paymentId }))).json().billingDetails.name;
    expect(await nameOn(unfrozen._id)).toBe('Today Name');
    expect(await nameOn(frozen._id)).toBe('Grace Hopper');
  });
});

describe('abandoned checkouts', () => {
  it('expire a day after they started and can no longer be paid; younger ones stay open', async () => {
    const account = await billingAccount(started.runtime);
    const old = await account.call('POST', appPath('createCheckoutSession'), { package: 'starter' });
    const oldSession = old.json().url.split('/').pop() as string;
    await account.call('POST', appPath('createCheckoutSession'), { package: 'pro' });
    await started.runtime.services.pool.query(
      `update payments set created_at = now() - interval '25 hours' where checkout_session_id = $1`,
      [oldSession],
    );
    expect(await expireAbandonedCheckouts(started.runtime.services)).toBeGreaterThanOrEqual(1);
    const statuses = (await account.call('GET', appPath('payments')))
      .json()
      .payments.map((payment: { package: string; status: string }) => [payment.package, payment.status]);
    expect(statuses).toEqual([
      ['pro', 'pending'],
      ['starter', 'expired'],
    ]);
    const late = await account.call('POST', appPath('sandboxPay', { sessionId: oldSession }));
    expect(late.statusCode).toBe(409);
  });
});

describe('remove the saved card', () => {
  it('forgets the card and turns auto top-up off in one go; without a card it is 404', async () => {
    const account = await billingAccount(started.runtime, 20);
    await sandboxPurchase(account);
    expect((await account.saveAutoTopUp(TOP_UP)).statusCode).toBe(200);
    const removed = await account.call('DELETE', appPath('removeSavedCard'));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ card: null, settings: { ...TOP_UP, enabled: false } });
    // Nothing is charged at the next crossing.
    await account.spendDownTo(10);
    expect((await started.scan()).charged).toEqual([]);
    const again = await account.call('DELETE', appPath('removeSavedCard'));
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(BILLING_TEXTS.noCardToRemove);
  });

  it("is for the team's owners, admins and billing members: a developer gets 403 and the card stays", async () => {
    const owner = await signedInAccount(started.runtime, 'user', 'owner');
    const teamId = await createTeamAs(owner);
    const developer = await joinedMember(started.runtime, started.inbox, owner, teamId, 'developer');
    await useWorkspace(owner, teamId);
    await sandboxPurchase(owner);
    expect((await developer.call('DELETE', appPath('removeSavedCard'))).statusCode).toBe(403);
    expect((await owner.call('GET', appPath('autoTopUp'))).json().card).toMatchObject({ last4: '4242' });
    expect((await owner.call('DELETE', appPath('removeSavedCard'))).statusCode).toBe(200);
    const log = (await owner.call('GET', appPath('teamAuditLog', { teamId }))).json().entries;
    expect(log[0]).toMatchObject({ action: 'auto_topup.card_removed', actor: owner.email });
  });
});
