import { randomBytes } from 'node:crypto';
import type { CreditPackage } from '@conduit/contracts';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/database.ts';
import { sandboxCardParts, stripeCardParts } from './saved-card-charges.ts';
import { payments } from './schema.ts';

/** What our fulfil path needs to know about a checkout session, from Stripe or the sandbox. */
export interface CheckoutSessionState {
  id: string;
  /** `paid` (or `no_payment_required`) is the only state that credits. */
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired' | null;
  amountTotal: number | null;
  currency: string | null;
  paymentIntentId: string | null;
  /** Our payment row id, as we put it into the session's metadata. */
  paymentId: string | null;
  /** The card and receipt of a paid session, when the provider told us (absent from a bare webhook). */
  charge?: ChargeDetails;
}

/** What a paid charge tells us: the card (to show, and to save for auto top-up) and the receipt. */
export interface ChargeDetails {
  paymentMethodId: string | null;
  customerId: string | null;
  brand: string | null;
  last4: string | null;
  receiptUrl: string | null;
}

export interface NewCheckout {
  paymentId: string;
  workspaceId: string;
  email: string;
  pack: CreditPackage;
  successUrl: string;
  cancelUrl: string;
  /** Keep the card for off-session charges (auto top-up). */
  saveCard: boolean;
  /** The workspace's Stripe Customer, when it has billing details or saves a card. */
  customerId?: string;
}

/** A charge of a saved card without the customer present (auto top-up). */
export interface SavedCardCharge {
  paymentId: string;
  workspaceId: string;
  amount: number;
  currency: string;
  description: string;
  customerId: string | null;
  paymentMethodId: string;
}

export type ChargeOutcome =
  | { status: 'succeeded'; paymentIntentId: string; amount: number; currency: string; charge: ChargeDetails }
  | { status: 'processing'; paymentIntentId: string }
  | { status: 'failed'; paymentIntentId: string | null; message: string };

/** The customer's details as the provider keeps them (Stripe's Customer). */
export interface CustomerInput {
  workspaceId: string;
  email: string;
  existingId: string | null;
  details: {
    name: string;
    company: string | null;
    line1: string;
    line2: string | null;
    city: string;
    postalCode: string | null;
    country: string;
    vatId: string | null;
  } | null;
}

export interface CheckoutProvider {
  readonly name: 'stripe' | 'sandbox';
  createSession(checkout: NewCheckout): Promise<{ sessionId: string; url: string }>;
  retrieveSession(sessionId: string): Promise<CheckoutSessionState>;
  /** Creates or updates the workspace's customer; undefined where the provider keeps none. */
  ensureCustomer(input: CustomerInput): Promise<string | undefined>;
  /** Charges the saved card off-session; our payment id is the idempotency key, so a retry is one charge. */
  chargeSavedCard(charge: SavedCardCharge): Promise<ChargeOutcome>;
  /** Where an off-session charge stands now (a processing one settles later). */
  retrieveCharge(paymentIntentId: string): Promise<ChargeOutcome>;
  /**
   * The off-session charge made for our payment `paymentId`, looked up by its metadata (null when
   * the provider has none): what a lost answer is checked against once its idempotency key may be
   * gone.
   */
  findCharge(lookup: ChargeLookup): Promise<ChargeOutcome | null>;
  /**
   * Detaches a saved card from its customer: it can never be charged again (Stripe's PaymentMethod
   * detach). One the provider no longer knows, or that is detached already, counts as done.
   */
  detachCard(paymentMethodId: string): Promise<void>;
}

export interface ChargeLookup {
  paymentId: string;
  /** The workspace's Stripe Customer, which narrows the search. */
  customerId: string | null;
  /** When our payment row was made: the charge cannot be older. */
  createdAfter: Date;
}

const PAID_STATES = new Set<string>(['paid', 'no_payment_required']);
const SESSION_STATES = new Set<string>(['open', 'complete', 'expired']);

/** The card and receipt of a PaymentIntent whose `latest_charge` (and customer) are expanded or ids. */
export function chargeDetailsOf(intent: Stripe.PaymentIntent): ChargeDetails {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  const method = intent.payment_method;
  const customer = intent.customer;
  return {
    paymentMethodId: typeof method === 'string' ? method : (method?.id ?? charge?.payment_method ?? null),
    customerId: typeof customer === 'string' ? customer : (customer?.id ?? null),
    brand: card?.brand ?? null,
    last4: card?.last4 ?? null,
    receiptUrl: charge?.receipt_url ?? null,
  };
}

export function sessionStateOf(session: Stripe.Checkout.Session): CheckoutSessionState {
  const intent = session.payment_intent;
  const paymentStatus: string = session.payment_status;
  const status: string | null = session.status;
  return {
    id: session.id,
    // Stripe's enums are open: anything but the two paid states counts as unpaid.
    paymentStatus: PAID_STATES.has(paymentStatus)
      ? (paymentStatus as CheckoutSessionState['paymentStatus'])
      : 'unpaid',
    status: status && SESSION_STATES.has(status) ? (status as CheckoutSessionState['status']) : null,
    amountTotal: session.amount_total,
    currency: session.currency,
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    paymentId: session.metadata?.paymentId ?? null,
    ...(intent && typeof intent === 'object' && { charge: chargeDetailsOf(intent) }),
  };
}

export function createStripeClient(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>): Stripe {
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined;
  return new Stripe(config.STRIPE_SECRET_KEY ?? '', {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base && {
      host: base.hostname,
      port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}

/** Stripe Checkout: a hosted page for one pack, our payment id in metadata and as idempotency key. */
export function createStripeCheckout(stripe: Stripe): CheckoutProvider {
  return {
    name: 'stripe',
    ...stripeCardParts(stripe),
    async createSession({
      paymentId,
      workspaceId,
      email,
      pack,
      successUrl,
      cancelUrl,
      saveCard,
      customerId,
    }) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: pack.price,
                product_data: {
                  name: `${pack.label} credit pack`,
                  description: `${pack.credits.toLocaleString('en-US')} Conduit credits. Credits never expire.`,
                },
              },
            },
          ],
          client_reference_id: workspaceId,
          // A Customer carries the billing details and keeps a saved card; else just the address.
          ...(customerId ? { customer: customerId } : { customer_email: email }),
          metadata: { paymentId, package: pack.name, credits: String(pack.credits), workspaceId },
          payment_intent_data: {
            metadata: { paymentId },
            ...(saveCard && { setup_future_usage: 'off_session' as const }),
          },
          success_url: successUrl,
          cancel_url: cancelUrl,
        },
        { idempotencyKey: `checkout-${paymentId}` },
      );
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    async retrieveSession(sessionId) {
      return sessionStateOf(
        await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge'] }),
      );
    },
  };
}

/**
 * The sandbox (docs/architecture.md, "Real parts and stand-ins"): our own TEST MODE checkout page
 * stands in for Stripe's on an installation without Stripe keys. Its session state lives on the
 * payment row; Pay on the page marks it paid, and the very same verify/fulfil path credits it.
 */
export function createSandboxCheckout(db: Db, publicUrl: string): CheckoutProvider {
  return {
    name: 'sandbox',
    ...sandboxCardParts,
    async createSession({ paymentId }) {
      const sessionId = `cs_sandbox_${randomBytes(18).toString('base64url')}`;
      await db.update(payments).set({ sandboxState: 'open' }).where(eq(payments.id, paymentId));
      return { sessionId, url: `${publicUrl}/sandbox-checkout/${sessionId}` };
    },
    async retrieveSession(sessionId) {
      const [row] = await db.select().from(payments).where(eq(payments.checkoutSessionId, sessionId));
      if (!row) throw new Error(`No sandbox session ${sessionId}`);
      const isPaid = row.sandboxState === 'complete';
      return {
        id: sessionId,
        paymentStatus: isPaid ? 'paid' : 'unpaid',
        status: row.sandboxState,
        amountTotal: row.amountCents,
        currency: row.currency,
        paymentIntentId: isPaid ? `pi_sandbox_${row.id}` : null,
        paymentId: row.id,
        ...(isPaid && {
          charge: {
            paymentMethodId: row.paymentMethodId,
            customerId: null,
            brand: row.cardBrand,
            last4: row.cardLast4,
            receiptUrl: null,
          },
        }),
      };
    },
  };
}

/** Stripe when configured; the sandbox outside production; nothing (checkout answers 503) otherwise. */
export function createCheckoutProvider(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE' | 'PUBLIC_URL' | 'isProduction'>,
  db: Db,
): CheckoutProvider | undefined {
  if (config.STRIPE_SECRET_KEY) return createStripeCheckout(createStripeClient(config));
  if (!config.isProduction) return createSandboxCheckout(db, config.PUBLIC_URL);
  return undefined;
}
