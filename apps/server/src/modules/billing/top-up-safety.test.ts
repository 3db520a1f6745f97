import { appPath } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import {
  billingAccount,
  purchaseCount,
  saveCardWithAutoTopUp,
  scanWithAnswersLost,
  topUpPayments,
  withBillingRuntime,
} from '../../../test/billing-account.ts';
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe.ts';
import type { CheckoutProvider } from '../payments/checkout-provider.ts';
import { runAutoTopUpScan } from './auto-top-up-scan.ts';

// Issue 32, point 3: no auto top-up charges the card of a deleted account or team, and a top-up
// whose answer was lost is never sent again once Stripe may have pruned its idempotency key.
const stripe: FakeStripe = await startFakeStripe();
const started = withBillingRuntime(stripe.serverConfig);

/** A customer of `owner` kind with a card saved on Stripe's page and auto top-up on, spent down to 0. */
async function crossedWithSavedCard(owner: 'personal' | 'team') {
  const account = await billingAccount(started.runtime, 20, owner);
  await saveCardWithAutoTopUp(account, stripe);
  await account.spendDownTo(0);
  return account;
}

const intentsOf = (workspaceId: string) =>
  [...stripe.intents.values()].filter(
    (intent) => intent.metadata.kind === 'auto_topup' && intent.metadata.workspaceId === workspaceId,
  );

/** A day on: the pending top-up is 25 hours old, Stripe has pruned its idempotency key, and the scan runs. */
async function scanADayLater(paymentId: string | undefined) {
  await started.runtime.services.pool.query(
    "update payments set created_at = now() - interval '25 hours' where id = $1",
    [paymentId],
  );
  stripe.pruneIdempotencyKeys();
  await started.scan();
}

async function billingRows(workspaceId: string) {
  const { rows } = await started.runtime.services.pool.query(
    `select (select is_enabled from auto_topups where workspace_id = $1) as enabled,
            (select count(*)::int from saved_cards where workspace_id = $1) as cards`,
    [workspaceId],
  );
  return rows[0] as { enabled: boolean; cards: number };
}

describe('auto top-up after deletion', () => {
  it('deleting the account turns auto top-up off, drops the card, and no scan charges it', async () => {
    const account = await crossedWithSavedCard('personal');
    const deleted = await account.call('DELETE', appPath('deleteAccount'), { confirmEmail: account.email });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await billingRows(account.workspaceId)).toEqual({ enabled: false, cards: 0 });
    await Promise.all([1, 2, 3].map(() => started.scan()));
    expect(intentsOf(account.workspaceId)).toHaveLength(0);
    expect(await topUpPayments(started.runtime, account.workspaceId)).toEqual([]);
  });

  it('deleting the team turns auto top-up off, drops the card, and no scan charges it', async () => {
    const account = await crossedWithSavedCard('team');
    const { rows } = await started.runtime.services.pool.query('select name from workspaces where id = $1', [
      account.workspaceId,
    ]);
    const deleted = await account.call('DELETE', appPath('deleteTeam', { teamId: account.workspaceId }), {
      confirmName: rows[0].name,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await billingRows(account.workspaceId)).toEqual({ enabled: false, cards: 0 });
    await started.scan();
    expect(intentsOf(account.workspaceId)).toHaveLength(0);
  });

  it('the claim skips a deleted workspace even if its top-up row still says on', async () => {
    const account = await crossedWithSavedCard('team');
    // A workspace deleted by an older release (or by hand) kept its settings and card.
    await started.runtime.services.pool.query('update workspaces set deleted_at = now() where id = $1', [
      account.workspaceId,
    ]);
    await started.scan();
    expect(intentsOf(account.workspaceId)).toHaveLength(0);
  });
});

describe('a top-up whose answer was lost', () => {
  it('after 24 hours is looked up at Stripe, not sent again under a pruned idempotency key', async () => {
    const account = await crossedWithSavedCard('personal');
    await scanWithAnswersLost(started);
    const [pending] = await topUpPayments(started.runtime, account.workspaceId);
    expect(pending?.status).toBe('pending');
    // A day later Stripe has pruned the key: the same request would make a second charge.
    await scanADayLater(pending?.id);
    expect(intentsOf(account.workspaceId)).toHaveLength(1);
    const [settled] = await topUpPayments(started.runtime, account.workspaceId);
    expect(settled).toMatchObject({
      status: 'paid',
      payment_intent_id: intentsOf(account.workspaceId)[0]?.id,
    });
    expect(await account.balance()).toBe(100);
    expect(await purchaseCount(started.runtime, account.workspaceId)).toBe(2);
  });

  it('after 24 hours with no PaymentIntent at Stripe it is dropped uncharged, and the next crossing buys anew', async () => {
    const account = await crossedWithSavedCard('personal');
    const neverSent: CheckoutProvider = {
      ...started.provider,
      chargeSavedCard: async () => {
        throw new Error('connect ETIMEDOUT');
      },
    };
    await runAutoTopUpScan(started.runtime.services, neverSent);
    const [pending] = await topUpPayments(started.runtime, account.workspaceId);
    await scanADayLater(pending?.id);
    expect(intentsOf(account.workspaceId)).toHaveLength(0);
    await started.scan();
    const [dropped, fresh] = await topUpPayments(started.runtime, account.workspaceId);
    expect(dropped).toMatchObject({ id: pending?.id, status: 'canceled' });
    expect(intentsOf(account.workspaceId).filter((i) => i.metadata.paymentId === pending?.id)).toHaveLength(
      0,
    );
    // Re-armed: the balance is still under the threshold, so the next scan bought one pack afresh.
    expect(fresh?.status).toBe('paid');
    expect(await account.balance()).toBe(100);
  });
});

describe('auto top-up and low-balance alerts', () => {
  it('a top-up lets the alerts look before it buys: the crossing it repairs still fires the alert', async () => {
    const account = await billingAccount(started.runtime, 200);
    await saveCardWithAutoTopUp(account, stripe);
    const alert = await account.call('POST', '/api/alerts', { threshold: 100 });
    expect(alert.statusCode, alert.body).toBeLessThan(300);
    await account.spendDownTo(0);
    // Only the top-up's pass runs (no alerts worker here): before, the pack restored the balance
    // and the alert, looking later at a balance above 100, never fired.
    await started.scan();
    const { rows } = await started.runtime.services.pool.query(
      'select is_armed, last_fired_at from balance_alerts where workspace_id = $1',
      [account.workspaceId],
    );
    expect(rows).toEqual([{ is_armed: false, last_fired_at: expect.any(Date) }]);
    expect(intentsOf(account.workspaceId)).toHaveLength(1);
  });
});
