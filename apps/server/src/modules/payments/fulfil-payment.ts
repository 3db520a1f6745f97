import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Tx } from '../../platform/database.ts';
import { workspaces } from '../auth/workspace-schema.ts';
import { grantCredits } from '../credits/ledger.ts';
import { recordTeamEvent } from '../workspaces/team-audit.ts';
import { detailsOf, findBillingProfile } from './billing-details.ts';
import type { ChargeDetails, CheckoutSessionState } from './checkout-provider.ts';
import { paymentCredited } from './payment-events.ts';
import { type PaymentRow, payments } from './schema.ts';

export type FulfilOutcome =
  | { kind: 'credited'; payment: PaymentRow }
  | { kind: 'already-processed'; payment: PaymentRow }
  | { kind: 'not-paid'; payment: PaymentRow }
  | { kind: 'unknown-session' };

/** What the fulfil path needs besides the transaction: a log, and the job queue its receipt mails go to. */
export interface FulfilContext {
  log: Logger;
  jobs: PgBoss;
}

/** The payment row a session belongs to, locked for the rest of the transaction. */
async function lockPayment(tx: Tx, session: CheckoutSessionState) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(
      session.paymentId
        ? or(eq(payments.checkoutSessionId, session.id), eq(payments.id, session.paymentId))
        : eq(payments.checkoutSessionId, session.id),
    )
    .for('update');
  return row;
}

/** What says a payment is paid: a paid checkout session, or a succeeded PaymentIntent. */
interface PaidState {
  paymentIntentId: string | null;
  amountTotal: number | null;
  currency: string | null;
  checkoutSessionId: string | null;
  charge?: ChargeDetails;
}

/**
 * The one fulfil path for both the webhook and the verify call
 * (docs/product.md, "Credits and money"). The payment row is locked, then the purchase is a ledger
 * entry keyed by the payment id, so however many deliveries race, one of them credits and the
 * others see it done. The first purchase moves a free account to the Pro rate-limit tier. Must run
 * inside the caller's transaction.
 */
export async function fulfilCheckout(
  tx: Tx,
  session: CheckoutSessionState,
  ctx: FulfilContext,
): Promise<FulfilOutcome> {
  const payment = await lockPayment(tx, session);
  if (!payment) return { kind: 'unknown-session' };
  if (payment.status === 'paid') return { kind: 'already-processed', payment };
  if (session.paymentStatus === 'unpaid') return { kind: 'not-paid', payment };
  return creditLockedPayment(tx, payment, { ...session, checkoutSessionId: session.id }, ctx);
}

/**
 * The same path for an off-session PaymentIntent (auto top-up) that succeeded, reached by its
 * `payment_intent.succeeded` webhook or by the charge's own answer, whichever comes first.
 */
export async function fulfilPaymentIntent(
  tx: Tx,
  paymentId: string,
  intent: Omit<PaidState, 'checkoutSessionId'>,
  ctx: FulfilContext,
): Promise<FulfilOutcome> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!payment) return { kind: 'unknown-session' };
  if (payment.status === 'paid') return { kind: 'already-processed', payment };
  if (payment.status !== 'pending' && payment.status !== 'processing') return { kind: 'not-paid', payment };
  return creditLockedPayment(tx, payment, { ...intent, checkoutSessionId: payment.checkoutSessionId }, ctx);
}

async function creditLockedPayment(
  tx: Tx,
  payment: PaymentRow,
  paid: PaidState,
  ctx: FulfilContext,
): Promise<FulfilOutcome> {
  if (paid.amountTotal !== payment.amountCents || paid.currency?.toLowerCase() !== payment.currency) {
    // Sessions and intents are created by us for the row's amount; a mismatch is never credited.
    ctx.log.error(
      {
        paymentId: payment.id,
        paymentIntentId: paid.paymentIntentId,
        amountTotal: paid.amountTotal,
        currency: paid.currency,
      },
      'paid amount does not match its payment; not credited',
    );
    return { kind: 'not-paid', payment };
  }
  const charge = paid.charge;
  // The receipt prints the billing details as they are at payment time, frozen on the row (those
  // taken when the checkout started, if none are saved now).
  const billingDetails =
    detailsOf(await findBillingProfile(tx, payment.workspaceId)) ?? payment.billingDetails;
  const [updated] = await tx
    .update(payments)
    .set({
      status: 'paid',
      paidAt: sql`now()`,
      updatedAt: sql`now()`,
      paymentIntentId: paid.paymentIntentId,
      checkoutSessionId: paid.checkoutSessionId,
      failureMessage: null,
      billingDetails,
      ...(charge?.paymentMethodId && { paymentMethodId: charge.paymentMethodId }),
      ...(charge?.brand && { cardBrand: charge.brand }),
      ...(charge?.last4 && { cardLast4: charge.last4 }),
      ...(charge?.receiptUrl && { receiptUrl: charge.receiptUrl }),
    })
    .where(eq(payments.id, payment.id))
    .returning();
  const paidRow = updated ?? payment;
  const grant = await grantCredits(tx, {
    workspaceId: payment.workspaceId,
    delta: payment.credits,
    reason: 'purchase',
    reference: payment.id,
    note: payment.kind === 'auto_topup' ? `${payment.package} pack (auto top-up)` : `${payment.package} pack`,
  });
  if (!grant.isApplied) return { kind: 'already-processed', payment: paidRow };
  const [workspace] = await tx
    .update(workspaces)
    .set({ tier: sql`case when ${workspaces.tier} = 'free' then 'pro' else ${workspaces.tier} end` })
    .where(eq(workspaces.id, payment.workspaceId))
    .returning({ id: workspaces.id, kind: workspaces.kind });
  if (workspace) {
    await recordTeamEvent(tx, {
      workspace,
      actorId: payment.createdBy,
      action: 'purchase.completed',
      details: {
        paymentId: payment.id,
        package: payment.package,
        credits: payment.credits,
        amount: payment.amountCents,
        kind: payment.kind,
      },
    });
    await paymentCredited.publish({ tx, workspace, payment: paidRow, charge, jobs: ctx.jobs });
  }
  return { kind: 'credited', payment: paidRow };
}

/** Records a checkout that ended without money (failed, expired, canceled); an ended one stays as it ended. */
export async function markPaymentEnded(
  tx: Tx,
  session: Pick<CheckoutSessionState, 'id' | 'paymentId'>,
  status: 'failed' | 'expired' | 'canceled',
): Promise<void> {
  await tx
    .update(payments)
    .set({ status, updatedAt: sql`now()` })
    .where(
      and(
        session.paymentId
          ? or(eq(payments.checkoutSessionId, session.id), eq(payments.id, session.paymentId))
          : eq(payments.checkoutSessionId, session.id),
        inArray(payments.status, ['pending', 'processing']),
      ),
    );
}

/** A session whose money is on its way (delayed methods): shown as processing until it settles. */
export async function markPaymentProcessing(tx: Tx, session: Pick<CheckoutSessionState, 'id' | 'paymentId'>) {
  await tx
    .update(payments)
    .set({ status: 'processing', updatedAt: sql`now()` })
    .where(and(eq(payments.checkoutSessionId, session.id), eq(payments.status, 'pending')));
}
