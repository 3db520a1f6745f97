import { appPath } from '@conduit/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { runAutoTopUpScan } from '../src/modules/billing/auto-top-up-scan.ts';
import { adjustCredits } from '../src/modules/credits/ledger.ts';
import { type CheckoutProvider, createCheckoutProvider } from '../src/modules/payments/checkout-provider.ts';
import { createPaidAccount, sessionCookieFor } from './paid-account.ts';
import { type RuntimeAndInbox, withRuntimeAndInbox } from './runtime-with-inbox.ts';
import type { TestRuntime } from './test-runtime.ts';

/**
 * An account with `credits` credits whose browser works in its personal workspace, or (`owner:
 * 'team'`) in a new team it owns that holds the credits.
 */
export async function billingAccount(
  runtime: TestRuntime,
  credits = 20,
  owner: 'personal' | 'team' = 'personal',
) {
  const account = await createPaidAccount(runtime.services, { credits, label: 'billing', owner });
  const cookie = await sessionCookieFor(runtime.services, account.userId);
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> =>
    runtime.app.inject({ method, url, payload: payload as object, headers: { cookie } });
  if (owner === 'team') {
    const selected = await call('PUT', appPath('selectWorkspace'), { workspaceId: account.workspaceId });
    expect(selected.statusCode, selected.body).toBe(200);
  }
  return {
    ...account,
    call,
    /** Takes credits away through the ledger (as paid calls would), down to `balance`. */
    async spendDownTo(balance: number) {
      const now = await this.balance();
      await runtime.services.db.transaction((tx) =>
        adjustCredits(tx, {
          workspaceId: account.workspaceId,
          delta: balance - now,
          reference: `spend:${Math.random()}`,
          note: 'test spend',
        }),
      );
    },
    async balance() {
      const { rows } = await runtime.services.pool.query(
        'select balance from credit_accounts where workspace_id = $1',
        [account.workspaceId],
      );
      return rows[0].balance as number;
    },
    autoTopUp: async () => (await call('GET', appPath('autoTopUp'))).json(),
    saveAutoTopUp: (body: { enabled: boolean; threshold: number; package: string; monthlyLimit: number }) =>
      call('PUT', appPath('saveAutoTopUp'), body),
  };
}
export type BillingAccount = Awaited<ReturnType<typeof billingAccount>>;

/** Auto top-up payments of the workspace, oldest first. */
export async function topUpPayments(runtime: TestRuntime, workspaceId: string) {
  const { rows } = await runtime.services.pool.query(
    `select id, status, payment_intent_id, receipt_url, failure_message, card_last4
       from payments where workspace_id = $1 and kind = 'auto_topup' order by created_at`,
    [workspaceId],
  );
  return rows as {
    id: string;
    status: string;
    payment_intent_id: string | null;
    receipt_url: string | null;
    failure_message: string | null;
    card_last4: string | null;
  }[];
}

export async function purchaseCount(runtime: TestRuntime, workspaceId: string) {
  const { rows } = await runtime.services.pool.query(
    `select count(*)::int as n from credit_entries where workspace_id = $1 and reason = 'purchase'`,
    [workspaceId],
  );
  return rows[0].n as number;
}

export const TOP_UP = { enabled: true, threshold: 50, package: 'starter', monthlyLimit: 2 } as const;

/**
 * Buys the starter pack on (fake) Stripe's page with "Save this card" ticked, then turns auto
 * top-up on (TOP_UP): the account's card is saved. Gives the Checkout session's id.
 */
export async function saveCardWithAutoTopUp(
  account: Pick<BillingAccount, 'call' | 'saveAutoTopUp'>,
  stripe: { pay(sessionId: string): void },
): Promise<string> {
  const created = await account.call('POST', appPath('createCheckoutSession'), {
    package: 'starter',
    saveCard: true,
  });
  expect(created.statusCode, created.body).toBe(200);
  const sessionId = created.json().url.split('/').pop() as string;
  stripe.pay(sessionId);
  const verified = await account.call('POST', appPath('verifyPayment'), { sessionId });
  expect(verified.json()).toMatchObject({ success: true, creditsAdded: 100 });
  expect((await account.saveAutoTopUp(TOP_UP)).statusCode).toBe(200);
  return sessionId;
}

/** A sandbox purchase on the TEST MODE page, with "Save this card" ticked and this card number. */
export async function sandboxPurchase(account: Pick<BillingAccount, 'call'>, cardNumber?: string) {
  const created = await account.call('POST', appPath('createCheckoutSession'), {
    package: 'starter',
    saveCard: true,
  });
  const sessionId = created.json().url.split('/').pop() as string;
  expect((await account.call('GET', appPath('sandboxSession', { sessionId }))).json()).toMatchObject({
    saveCard: true,
  });
  const paid = await account.call(
    'POST',
    appPath('sandboxPay', { sessionId }),
    cardNumber ? { cardNumber } : undefined,
  );
  expect(paid.statusCode, paid.body).toBe(200);
  expect((await account.call('POST', appPath('verifyPayment'), { sessionId })).json().success).toBe(true);
  return sessionId;
}

/** A billing test file's runtime and inbox, its checkout provider, and the auto top-up scan run by hand. */
export interface BillingRuntime extends RuntimeAndInbox {
  provider: CheckoutProvider;
  /** One auto top-up scan, as the job runs it, through `provider`. */
  scan(options?: Parameters<typeof runAutoTopUpScan>[2]): ReturnType<typeof runAutoTopUpScan>;
}

/**
 * withRuntimeAndInbox with the configured checkout provider (the sandbox, or the fake Stripe that
 * `env` names) and auto top-up left to the test (`AUTO_TOPUP_INTERVAL_S` 0 unless `env` sets it).
 */
export function withBillingRuntime(env: Record<string, string>): BillingRuntime {
  const started = withRuntimeAndInbox({ AUTO_TOPUP_INTERVAL_S: '0', ...env }, ({ runtime }) => {
    started.provider = createCheckoutProvider(
      runtime.services.config,
      runtime.services.db,
    ) as CheckoutProvider;
  }) as BillingRuntime;
  started.scan = (options) => runAutoTopUpScan(started.runtime.services, started.provider, options);
  return started;
}

/** One scan through `provider`, but Stripe's answer to each saved-card charge never reaches us. */
export async function scanWithAnswersLost(started: BillingRuntime) {
  const lostAnswer: CheckoutProvider = {
    ...started.provider,
    chargeSavedCard: async (charge) => {
      await started.provider.chargeSavedCard(charge);
      throw new Error('connection reset');
    },
  };
  return runAutoTopUpScan(started.runtime.services, lostAnswer);
}

/** Billing details as the billing page saves them (no company, one address line, no VAT ID). */
export const BILLING_DETAILS = {
  name: 'Grace Hopper',
  company: '',
  line1: '7 Compiler Road',
  line2: '',
  city: 'Arlington',
  postalCode: '22201',
  country: 'us',
  vatId: '',
};
