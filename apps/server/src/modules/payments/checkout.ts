import {
  CREDIT_PACKAGES,
  type CreditPackageName,
  PAYMENT_MESSAGES,
  type Payment,
  ROUTES,
  type VerifyPaymentResponse,
} from '@conduit/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Db } from '../../platform/database.ts';
import { NotFound, ServiceUnavailable } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { detailsOf, findBillingProfile, rememberStripeCustomer } from './billing-details.ts';
import type { CheckoutProvider } from './checkout-provider.ts';
import { fulfilCheckout, markPaymentEnded } from './fulfil-payment.ts';
import { methodOf, receiptUrlOf } from './receipts.ts';
import { type PaymentRow, payments } from './schema.ts';

export interface PaymentsContext {
  db: Db;
  /** Undefined in production without Stripe keys: checkout then answers 503. */
  provider: CheckoutProvider | undefined;
  publicUrl: string;
  log: Logger;
  jobs: PgBoss;
}

export const creditsUrl = (publicUrl: string, query: string) => `${publicUrl}${ROUTES.appCredits}?${query}`;
export const successUrl = (publicUrl: string, sessionId: string) =>
  creditsUrl(publicUrl, `success=true&session_id=${encodeURIComponent(sessionId)}`);

function toPayment(row: PaymentRow): Payment {
  return {
    _id: row.id,
    package: row.package,
    credits: row.credits,
    amount: row.amountCents,
    currency: row.currency,
    status: row.status,
    provider: row.provider,
    kind: row.kind,
    method: methodOf(row),
    receiptUrl: receiptUrlOf(row),
    failureMessage: row.failureMessage,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/** Starts a checkout for one pack: a payment row first, then the provider's session for it. */
export async function startCheckout(
  ctx: PaymentsContext,
  buyer: { workspaceId: string; buyerId: string; email: string },
  packageName: CreditPackageName,
  saveCard = false,
): Promise<{ url: string }> {
  const { provider } = ctx;
  if (!provider) throw new ServiceUnavailable(PAYMENT_MESSAGES.unavailable);
  const pack = CREDIT_PACKAGES[packageName];
  const paymentId = newId('pay');
  const profile = await findBillingProfile(ctx.db, buyer.workspaceId);
  const billingDetails = detailsOf(profile);
  await ctx.db.insert(payments).values({
    id: paymentId,
    workspaceId: buyer.workspaceId,
    createdBy: buyer.buyerId,
    package: pack.name,
    credits: pack.credits,
    amountCents: pack.price,
    currency: 'usd',
    provider: provider.name,
    saveCard,
    billingDetails,
  });
  try {
    // Stripe gets a Customer when there are details to carry or a card to keep.
    const customerId =
      billingDetails || saveCard || profile?.stripeCustomerId
        ? await provider.ensureCustomer({
            workspaceId: buyer.workspaceId,
            email: buyer.email,
            existingId: profile?.stripeCustomerId ?? null,
            details: billingDetails,
          })
        : undefined;
    if (customerId && customerId !== profile?.stripeCustomerId) {
      await rememberStripeCustomer(ctx.db, buyer.workspaceId, customerId);
    }
    const session = await provider.createSession({
      saveCard,
      customerId,
      paymentId,
      workspaceId: buyer.workspaceId,
      email: buyer.email,
      pack,
      // Stripe fills in {CHECKOUT_SESSION_ID}; the sandbox knows its id only after creating it.
      successUrl: creditsUrl(ctx.publicUrl, 'success=true&session_id={CHECKOUT_SESSION_ID}'),
      cancelUrl: creditsUrl(ctx.publicUrl, 'canceled=true'),
    });
    await ctx.db
      .update(payments)
      .set({ checkoutSessionId: session.sessionId, updatedAt: sql`now()` })
      .where(eq(payments.id, paymentId));
    return { url: session.url };
  } catch (error) {
    ctx.log.error({ err: error, paymentId }, 'could not create a checkout session');
    await ctx.db
      .update(payments)
      .set({ status: 'failed', updatedAt: sql`now()` })
      .where(eq(payments.id, paymentId));
    throw new ServiceUnavailable('Could not reach the payment provider. Please try again.');
  }
}

export async function findOwnPayment(ctx: PaymentsContext, workspaceId: string, sessionId: string) {
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.checkoutSessionId, sessionId), eq(payments.workspaceId, workspaceId)));
  if (!row) throw new NotFound(PAYMENT_MESSAGES.unknownSession);
  return row;
}

const alreadyProcessed = (row: PaymentRow): VerifyPaymentResponse => ({
  success: true,
  alreadyProcessed: true,
  creditsAdded: row.credits,
  message: PAYMENT_MESSAGES.alreadyProcessed,
});

/** The return from checkout: asks the provider about the session and credits it if paid. */
export async function verifyPayment(
  ctx: PaymentsContext,
  workspaceId: string,
  sessionId: string,
): Promise<VerifyPaymentResponse> {
  const row = await findOwnPayment(ctx, workspaceId, sessionId);
  if (row.status === 'paid') return alreadyProcessed(row);
  if (!ctx.provider || ctx.provider.name !== row.provider) {
    throw new ServiceUnavailable(PAYMENT_MESSAGES.unavailable);
  }
  let session: Awaited<ReturnType<CheckoutProvider['retrieveSession']>>;
  try {
    session = await ctx.provider.retrieveSession(sessionId);
  } catch (error) {
    ctx.log.error({ err: error, paymentId: row.id }, 'could not retrieve the checkout session');
    throw new ServiceUnavailable('Could not reach the payment provider. Please try again.');
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    const result = await fulfilCheckout(tx, session, ctx);
    if (result.kind === 'not-paid' && session.status === 'expired')
      await markPaymentEnded(tx, session, 'expired');
    return result;
  });
  if (outcome.kind === 'credited') {
    return {
      success: true,
      alreadyProcessed: false,
      creditsAdded: outcome.payment.credits,
      message: PAYMENT_MESSAGES.credited(outcome.payment.credits),
    };
  }
  if (outcome.kind === 'already-processed') return alreadyProcessed(outcome.payment);
  return { success: false, alreadyProcessed: false, creditsAdded: 0, message: PAYMENT_MESSAGES.notPaid };
}

/** The workspace's purchase history, newest first (checkouts that never got a session are left out). */
export async function listPayments(
  ctx: Pick<PaymentsContext, 'db'>,
  workspaceId: string,
): Promise<Payment[]> {
  const rows = await ctx.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.workspaceId, workspaceId),
        sql`(${payments.checkoutSessionId} is not null or ${payments.kind} = 'auto_topup')`,
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(200);
  return rows.map(toPayment);
}
