import { CREDIT_PACKAGES, type CreditPackageName } from '@conduit/contracts';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { newId } from '../../platform/ids.ts';
import { scanBalanceAlerts } from '../alerts/scan-alerts.ts';
import { detailsOf } from '../payments/billing-details.ts';
import type { CheckoutProvider } from '../payments/checkout-provider.ts';
import { billingProfiles, type PaymentRow, payments } from '../payments/schema.ts';
import { COUNTED_STATUSES, monthStartOf } from './auto-top-up-settings.ts';
import { autoTopUps, savedCards } from './schema.ts';
import { settleTopUp, type TopUpServices } from './top-up-outcome.ts';

const CLAIM_BATCH = 100;
/**
 * Stripe may prune an idempotency key once it is 24 hours old, after which the same request
 * makes a new charge: past this age a lost answer is looked up, never sent again.
 */
const IDEMPOTENCY_SAFE_MS = 23 * 60 * 60 * 1000;

interface Claimed extends Record<string, unknown> {
  workspace_id: string;
  package: string;
}

/**
 * Re-arms every disarmed top-up whose balance is back at or above its threshold (a purchase, a
 * refund, or the top-up itself), so the next crossing buys again.
 */
async function rearm(services: TopUpServices) {
  await services.pool.query(
    `update auto_topups t set is_armed = true
       from credit_accounts c
      where c.workspace_id = t.workspace_id and t.is_enabled and not t.is_armed
        and c.balance >= t.threshold`,
  );
}

/**
 * Claims the crossings: enabled, armed top-ups of a live workspace (not a deleted team or account)
 * whose balance is under the threshold, whose card suits this installation's provider, not
 * waiting out a decline, and under the month's cap. The
 * rows are locked (SKIP LOCKED) and disarmed in one statement, so however many scans run at once
 * (in however many processes) each crossing is claimed once; the claim and the payment rows it
 * creates commit together.
 */
async function claimTopUps(services: TopUpServices, providerName: string, now: Date): Promise<PaymentRow[]> {
  return services.db.transaction(async (tx) => {
    const counted = sql.raw(COUNTED_STATUSES.map((status) => `'${status}'`).join(', '));
    const { rows } = await tx.execute<Claimed>(sql`
      with due as (
        select t.workspace_id from auto_topups t
          join credit_accounts c on c.workspace_id = t.workspace_id
          join saved_cards s on s.workspace_id = t.workspace_id and s.provider = ${providerName}
          join workspaces w on w.id = t.workspace_id and w.deleted_at is null
         where t.is_enabled and t.is_armed and c.balance < t.threshold
           and not exists (select 1 from users u
                            where w.kind = 'personal' and u.id = w.id and u.deleted_at is not null)
           and (t.retry_at is null or t.retry_at <= ${now.toISOString()})
           and (select count(*) from payments p
                 where p.workspace_id = t.workspace_id and p.kind = 'auto_topup'
                   and p.status in (${counted}) and p.created_at >= ${monthStartOf(now).toISOString()}) < t.monthly_limit
         order by t.workspace_id
         limit ${sql.raw(String(CLAIM_BATCH))}
         for update of t skip locked)
      update auto_topups t set is_armed = false
        from due where t.workspace_id = due.workspace_id and t.is_armed
      returning t.workspace_id, t.package`);
    const created: PaymentRow[] = [];
    for (const claim of rows) {
      const pack = CREDIT_PACKAGES[claim.package as CreditPackageName];
      if (!pack) continue;
      const [profile] = await tx
        .select()
        .from(billingProfiles)
        .where(eq(billingProfiles.workspaceId, claim.workspace_id));
      const [card] = await tx.select().from(savedCards).where(eq(savedCards.workspaceId, claim.workspace_id));
      const [payment] = await tx
        .insert(payments)
        .values({
          id: newId('pay'),
          workspaceId: claim.workspace_id,
          package: pack.name,
          credits: pack.credits,
          amountCents: pack.price,
          currency: 'usd',
          provider: providerName as 'stripe' | 'sandbox',
          kind: 'auto_topup',
          paymentMethodId: card?.paymentMethodId,
          cardBrand: card?.brand,
          cardLast4: card?.last4,
          billingDetails: detailsOf(profile),
        })
        .returning();
      if (payment) created.push(payment);
    }
    return created;
  });
}

/** Charges a claimed (or still open) top-up and acts on the answer; a network failure leaves it for the next scan. */
async function chargeTopUp(
  services: TopUpServices,
  provider: CheckoutProvider,
  payment: PaymentRow,
  now: Date,
) {
  try {
    if (payment.status === 'processing' && payment.paymentIntentId) {
      return await settleTopUp(
        services,
        payment.id,
        await provider.retrieveCharge(payment.paymentIntentId),
        now,
      );
    }
    return await settleTopUp(services, payment.id, await chargeSavedCard(services, provider, payment), now);
  } catch (error) {
    services.log.warn(
      { err: error, paymentId: payment.id },
      'auto top-up charge did not get an answer; retried later',
    );
    return 'unanswered';
  }
}

/**
 * A top-up still pending after its idempotency key may have been pruned: the charge it made, if
 * any, is found by its metadata and settles it; with none it was never made, so it is dropped
 * uncharged and the top-up re-armed for the next crossing.
 */
async function settleStaleTopUp(
  services: TopUpServices,
  provider: CheckoutProvider,
  payment: PaymentRow,
  now: Date,
) {
  const [profile] = await services.db
    .select({ customerId: billingProfiles.stripeCustomerId })
    .from(billingProfiles)
    .where(eq(billingProfiles.workspaceId, payment.workspaceId));
  try {
    const found = await provider.findCharge({
      paymentId: payment.id,
      customerId: profile?.customerId ?? null,
      createdAfter: payment.createdAt,
    });
    if (found) return await settleTopUp(services, payment.id, found, now);
  } catch (error) {
    services.log.warn(
      { err: error, paymentId: payment.id },
      'could not look up a stale auto top-up; retried later',
    );
    return 'unanswered';
  }
  await services.db.transaction(async (tx) => {
    const [dropped] = await tx
      .update(payments)
      .set({ status: 'canceled', failureMessage: STALE_TOP_UP, updatedAt: sql`now()` })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
      .returning({ workspaceId: payments.workspaceId });
    if (dropped) {
      await tx
        .update(autoTopUps)
        .set({ isArmed: true })
        .where(eq(autoTopUps.workspaceId, dropped.workspaceId));
    }
  });
  return 'dropped';
}

const STALE_TOP_UP = 'No charge was made: the request never reached the card provider within 24 hours.';

async function chargeSavedCard(services: TopUpServices, provider: CheckoutProvider, payment: PaymentRow) {
  const [card] = await services.db
    .select()
    .from(savedCards)
    .where(eq(savedCards.workspaceId, payment.workspaceId));
  return provider.chargeSavedCard({
    paymentId: payment.id,
    workspaceId: payment.workspaceId,
    amount: payment.amountCents,
    currency: payment.currency,
    description: `Conduit auto top-up: ${payment.package} pack (${payment.credits} credits)`,
    customerId: card?.customerId ?? null,
    paymentMethodId: payment.paymentMethodId ?? card?.paymentMethodId ?? '',
  });
}

/**
 * Top-ups still open after `olderThanMs`: a charge whose answer was lost (the process stopped, the
 * network failed) is sent again under the same idempotency key, so it is still one charge, while
 * the key is young enough to be kept (after that it is looked up instead); a processing one is
 * asked about. The webhook usually settles them first.
 */
async function settleOpenTopUps(
  services: TopUpServices,
  provider: CheckoutProvider,
  now: Date,
  olderThanMs: number,
) {
  const open = await services.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.kind, 'auto_topup'),
        eq(payments.provider, provider.name),
        inArray(payments.status, ['pending', 'processing']),
        lt(payments.createdAt, new Date(now.getTime() - olderThanMs)),
      ),
    )
    .limit(CLAIM_BATCH);
  for (const payment of open) {
    const isStale =
      payment.status === 'pending' && now.getTime() - payment.createdAt.getTime() > IDEMPOTENCY_SAFE_MS;
    if (isStale) await settleStaleTopUp(services, provider, payment, now);
    else await chargeTopUp(services, provider, payment, now);
  }
  return open.length;
}

export interface ScanResult {
  charged: string[];
  settled: number;
}

/**
 * One auto top-up pass (docs/product.md, "Auto top-up and receipts"): re-arm, claim the crossings,
 * let the low-balance alerts claim theirs at the balance the crossings found, charge them, then
 * settle top-ups left open. Only enabled top-ups joined to their balances are read; the paid
 * API does nothing for it.
 */
export async function runAutoTopUpScan(
  services: TopUpServices,
  provider: CheckoutProvider,
  options: { now?: Date; settleOlderThanMs?: number } = {},
): Promise<ScanResult> {
  const now = options.now ?? new Date();
  await rearm(services);
  const claimed = await claimTopUps(services, provider.name, now);
  // The low-balance alerts look before the packs are bought: a balance the top-up restores within
  // the alerts' own interval still crossed their thresholds, and sends them (docs/product.md).
  if (claimed.length > 0) {
    await scanBalanceAlerts({ ...services, clock: { now: () => now } }).catch((error) =>
      services.log.error({ err: error }, 'low-balance alert scan before the top-ups failed'),
    );
  }
  const outcomes = await Promise.all(claimed.map((payment) => chargeTopUp(services, provider, payment, now)));
  const settled = await settleOpenTopUps(services, provider, now, options.settleOlderThanMs ?? 60_000);
  if (claimed.length > 0) {
    services.log.info({ payments: claimed.map((payment) => payment.id), outcomes }, 'auto top-up charged');
  }
  return { charged: claimed.map((payment) => payment.id), settled };
}
