import { BILLING_TEXTS, SANDBOX_DECLINING_CARDS } from '@conduit/contracts';
import Stripe from 'stripe';
import {
  type ChargeOutcome,
  type CheckoutProvider,
  type CustomerInput,
  chargeDetailsOf,
} from './checkout-provider.ts';

type CardParts = Pick<
  CheckoutProvider,
  'ensureCustomer' | 'chargeSavedCard' | 'retrieveCharge' | 'findCharge' | 'detachCard'
>;

function intentOutcome(intent: Stripe.PaymentIntent): ChargeOutcome {
  if (intent.status === 'succeeded') {
    return {
      status: 'succeeded',
      paymentIntentId: intent.id,
      amount: intent.amount_received || intent.amount,
      currency: intent.currency,
      charge: chargeDetailsOf(intent),
    };
  }
  if (intent.status === 'processing') return { status: 'processing', paymentIntentId: intent.id };
  // requires_payment_method (declined), requires_action (the bank wants the customer), canceled.
  return {
    status: 'failed',
    paymentIntentId: intent.id,
    message: intent.last_payment_error?.message ?? `The charge ended as ${intent.status}`,
  };
}

/**
 * Stripe's side of auto top-up: a Customer with the billing details, and off-session
 * PaymentIntents (`off_session: true, confirm: true`) on the saved card. A decline is a card
 * error (HTTP 402) carrying the PaymentIntent; it is an answer, not a failure to reach Stripe.
 */
export function stripeCardParts(stripe: Stripe): CardParts {
  return {
    async ensureCustomer({ workspaceId, email, existingId, details }: CustomerInput) {
      const fields = {
        email,
        ...(details && {
          name: details.company ?? details.name,
          address: {
            line1: details.line1,
            line2: details.line2 ?? '',
            city: details.city,
            postal_code: details.postalCode ?? '',
            country: details.country,
          },
          metadata: { workspaceId, contact: details.name, vatId: details.vatId ?? '' },
        }),
      };
      if (existingId) return (await stripe.customers.update(existingId, fields)).id;
      const created = await stripe.customers.create(
        { ...fields, metadata: { workspaceId, ...fields.metadata } },
        { idempotencyKey: `customer-${workspaceId}` },
      );
      return created.id;
    },
    async chargeSavedCard(charge) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: charge.amount,
            currency: charge.currency,
            customer: charge.customerId ?? undefined,
            payment_method: charge.paymentMethodId,
            off_session: true,
            confirm: true,
            description: charge.description,
            metadata: { paymentId: charge.paymentId, workspaceId: charge.workspaceId, kind: 'auto_topup' },
            expand: ['latest_charge'],
          },
          { idempotencyKey: charge.paymentId },
        );
        return intentOutcome(intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const intent = (error.raw as { payment_intent?: Stripe.PaymentIntent }).payment_intent;
          return { status: 'failed', paymentIntentId: intent?.id ?? null, message: error.message };
        }
        throw error;
      }
    },
    async retrieveCharge(paymentIntentId) {
      return intentOutcome(
        await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] }),
      );
    },
    // Listing (not Search, whose index lags and which is not offered everywhere): the customer's
    // PaymentIntents created since our payment row, newest first, matched on our payment id.
    async findCharge({ paymentId, customerId, createdAfter }) {
      const intents = stripe.paymentIntents.list({
        ...(customerId && { customer: customerId }),
        created: { gte: Math.floor(createdAfter.getTime() / 1000) - 60 },
        limit: 100,
        expand: ['data.latest_charge'],
      });
      for await (const intent of intents) {
        if (intent.metadata?.paymentId === paymentId) return intentOutcome(intent);
      }
      return null;
    },
    // POST /v1/payment_methods/:id/detach. Stripe refuses a card it does not know, or one no longer
    // attached to a customer, with an invalid request error: either way it cannot be charged.
    async detachCard(paymentMethodId) {
      try {
        await stripe.paymentMethods.detach(paymentMethodId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw error;
      }
    },
  };
}

const SANDBOX_DECLINES = 'pm_sandbox_declines_';

/** The sandbox's saved card: its id says whether off-session charges of it are declined. */
export const sandboxPaymentMethodId = (cardNumber: string) =>
  `${(SANDBOX_DECLINING_CARDS as readonly string[]).includes(cardNumber) ? SANDBOX_DECLINES : 'pm_sandbox_'}${cardNumber.slice(-4)}`;

/** TEST MODE: a saved card charges at once (or declines, for the declining test cards); no money moves. */
export const sandboxCardParts: CardParts = {
  async ensureCustomer() {
    return undefined;
  },
  async chargeSavedCard(charge) {
    const paymentIntentId = `pi_sandbox_${charge.paymentId}`;
    if (charge.paymentMethodId.startsWith(SANDBOX_DECLINES)) {
      return { status: 'failed', paymentIntentId, message: BILLING_TEXTS.declined };
    }
    return {
      status: 'succeeded',
      paymentIntentId,
      amount: charge.amount,
      currency: charge.currency,
      charge: {
        paymentMethodId: charge.paymentMethodId,
        customerId: null,
        brand: null,
        last4: null,
        receiptUrl: null,
      },
    };
  },
  async retrieveCharge() {
    throw new Error('sandbox charges settle when they are made');
  },
  // A sandbox charge is answered within the call and kept nowhere else: an unanswered one never happened.
  async findCharge() {
    return null;
  },
  // A sandbox card lives only on our row: forgetting it is all there is.
  async detachCard() {},
};
