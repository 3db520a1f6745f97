import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { Db } from '../../platform/database.ts';
import type { Services } from '../../platform/services.ts';
import {
  type CheckoutProvider,
  type CheckoutSessionState,
  chargeDetailsOf,
  sessionStateOf,
} from './checkout-provider.ts';
import { fulfilCheckout, markPaymentEnded, markPaymentProcessing } from './fulfil-payment.ts';
import { topUpChargeSettled } from './payment-events.ts';
import { paymentEvents } from './schema.ts';

/** Seconds a signed event may be old: older ones are refused as replays (Stripe's default). */
export const WEBHOOK_TOLERANCE_S = 300;

export type WebhookOutcome = 'handled' | 'duplicate' | 'ignored';

const CHECKOUT_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);
const INTENT_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);

/** Records the event id; false when it was recorded before (a redelivery). */
async function firstDelivery(db: Pick<Db, 'insert'>, event: Stripe.Event, reference: string) {
  const recorded = await db
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type, checkoutSessionId: reference })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return recorded.length > 0;
}

/**
 * The card and receipt of a paid session: the event carries the PaymentIntent's id only, so it
 * is asked for (without them the payment is still credited; the receipt link is then missing).
 */
async function withCharge(
  provider: CheckoutProvider | undefined,
  session: CheckoutSessionState,
  log: Logger,
) {
  if (session.paymentStatus === 'unpaid' || !provider) return session;
  try {
    const fetched = await provider.retrieveSession(session.id);
    return { ...session, charge: fetched.charge };
  } catch (error) {
    log.warn({ err: error, sessionId: session.id }, 'could not read the card and receipt of a paid session');
    return session;
  }
}

/**
 * A verified Stripe event, handled once: the event id is recorded in the same transaction that
 * acts on it, so a redelivery (or five at once) finds it recorded and changes nothing, and a
 * failure part-way records nothing, so Stripe's retry is handled in full. PaymentIntent events
 * settle auto top-ups (the off-session charges carry `kind: auto_topup` in their metadata).
 */
export async function handleStripeEvent(
  services: Pick<Services, 'db' | 'pool' | 'mailer' | 'config' | 'log' | 'jobs'>,
  provider: CheckoutProvider | undefined,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  const { db, log } = services;
  if (INTENT_EVENTS.has(event.type)) return handleIntentEvent(services, provider, event);
  if (!CHECKOUT_EVENTS.has(event.type)) return 'ignored';
  const session = await withCharge(
    provider,
    sessionStateOf(event.data.object as Stripe.Checkout.Session),
    log,
  );
  return db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, event, session.id))) return 'duplicate';
    switch (event.type) {
      case 'checkout.session.completed':
        if (session.paymentStatus === 'unpaid') await markPaymentProcessing(tx, session);
        else await fulfilCheckout(tx, session, services);
        break;
      case 'checkout.session.async_payment_succeeded':
        await fulfilCheckout(tx, session, services);
        break;
      case 'checkout.session.async_payment_failed':
        await markPaymentEnded(tx, session, 'failed');
        break;
      case 'checkout.session.expired':
        await markPaymentEnded(tx, session, 'expired');
        break;
    }
    return 'handled';
  });
}

/**
 * `payment_intent.succeeded` credits the top-up through the fulfil path (once, whether the
 * charge's own answer got there first or not); `payment_intent.payment_failed` records the
 * decline once. The event id is recorded after acting: both actions are idempotent by payment, so
 * a crash between them only means Stripe's retry finds the work done.
 */
async function handleIntentEvent(
  services: Pick<Services, 'db' | 'pool' | 'mailer' | 'config' | 'log' | 'jobs'>,
  provider: CheckoutProvider | undefined,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  const intent = event.data.object as Stripe.PaymentIntent;
  const paymentId = intent.metadata?.paymentId;
  if (intent.metadata?.kind !== 'auto_topup' || !paymentId) return 'ignored';
  const [seen] = (await services.pool.query('select 1 from payment_events where id = $1', [event.id])).rows;
  if (seen) return 'duplicate';
  // The event names the charge only by id: its card and receipt are asked for (the answer is the same).
  const fetched =
    event.type === 'payment_intent.succeeded' && provider
      ? await provider.retrieveCharge(intent.id).catch(() => undefined)
      : undefined;
  const outcome =
    fetched?.status === 'succeeded'
      ? fetched
      : event.type === 'payment_intent.succeeded'
        ? {
            status: 'succeeded' as const,
            paymentIntentId: intent.id,
            amount: intent.amount_received || intent.amount,
            currency: intent.currency,
            charge: chargeDetailsOf(intent),
          }
        : {
            status: 'failed' as const,
            paymentIntentId: intent.id,
            message: intent.last_payment_error?.message ?? 'The charge failed',
          };
  await topUpChargeSettled.publish({ services, paymentId, outcome, now: new Date() });
  return (await firstDelivery(services.db, event, paymentId)) ? 'handled' : 'duplicate';
}
