import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { Db } from '../../platform/database.ts';
import { sessionStateOf } from './checkout-provider.ts';
import { fulfilCheckout, markPaymentEnded, markPaymentProcessing } from './fulfil-payment.ts';
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

/**
 * A verified Stripe event, handled once: the event id is recorded in the same transaction that
 * acts on it, so a redelivery (or five at once) finds it recorded and changes nothing, and a
 * failure part-way records nothing, so Stripe's retry is handled in full.
 */
export async function handleStripeEvent(db: Db, log: Logger, event: Stripe.Event): Promise<WebhookOutcome> {
  if (!CHECKOUT_EVENTS.has(event.type)) return 'ignored';
  const session = sessionStateOf(event.data.object as Stripe.Checkout.Session);
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type, checkoutSessionId: session.id })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return 'duplicate';
    switch (event.type) {
      case 'checkout.session.completed':
        if (session.paymentStatus === 'unpaid') await markPaymentProcessing(tx, session);
        else await fulfilCheckout(tx, session, log);
        break;
      case 'checkout.session.async_payment_succeeded':
        await fulfilCheckout(tx, session, log);
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
