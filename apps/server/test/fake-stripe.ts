import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import Stripe from 'stripe';
import { readBody, replyJson, startLocalServer } from './local-server.ts';
import type { TestRuntime } from './test-runtime.ts';

export const FAKE_STRIPE_KEY = 'sk_test_fake_conduit';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_conduit';

interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  created: number;
  customer: string | null;
  payment_intent_data: { setup_future_usage: string | null };
}

interface FakeCharge {
  id: string;
  object: 'charge';
  receipt_url: string;
  payment_method: string;
  payment_method_details: { type: 'card'; card: { brand: string; last4: string } };
}

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'succeeded' | 'processing' | 'requires_payment_method';
  customer: string | null;
  payment_method: string | null;
  metadata: Record<string, string>;
  latest_charge: string | null;
  last_payment_error: { code: string; message: string } | null;
  off_session: boolean;
  /** Unix seconds. */
  created: number;
}

/** Saved cards whose off-session charges decline (Stripe's `pm_card_chargeDeclined` and 4000 0000 0000 0341). */
export const DECLINING_PAYMENT_METHOD = 'pm_card_chargeDeclined';

const formMap = (form: Record<string, string>, prefix: string) =>
  Object.fromEntries(
    Object.entries(form)
      .filter(
        ([key]) =>
          key.startsWith(`${prefix}[`) &&
          key.endsWith(']') &&
          !key.slice(prefix.length + 1, -1).includes('['),
      )
      .map(([key, value]) => [key.slice(prefix.length + 1, -1), value]),
  );

/**
 * A local server speaking the Checkout Sessions endpoints the stripe SDK calls (create with
 * form-encoded bodies, retrieve), with Stripe's idempotency keys and its error shape. Tests move
 * sessions through payment with `pay`, `expire`, and send events signed the real way.
 */
export async function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: { method: string; path: string; form: Record<string, string> }[] = [];
  const customers = new Map<string, Record<string, unknown>>();
  const intents = new Map<string, FakeIntent>();
  const charges = new Map<string, FakeCharge>();
  const intentByKey = new Map<string, { status: number; body: unknown }>();
  let failCreates = false;
  let failDetach = false;
  /** PaymentMethods detached from their customer: off-session charges of them decline. */
  const detached = new Set<string>();

  const newCharge = (paymentMethod: string, last4 = '4242') => {
    const id = `ch_${randomBytes(8).toString('hex')}`;
    const charge: FakeCharge = {
      id,
      object: 'charge',
      receipt_url: `https://pay.stripe.test/receipts/${id}`,
      payment_method: paymentMethod,
      payment_method_details: { type: 'card', card: { brand: 'visa', last4 } },
    };
    charges.set(id, charge);
    return charge;
  };
  /** The intent as Stripe answers it, its charge expanded when asked to. */
  const intentView = (intent: FakeIntent, expandCharge: boolean) => ({
    ...intent,
    latest_charge:
      expandCharge && intent.latest_charge ? charges.get(intent.latest_charge) : intent.latest_charge,
  });
  const expandsOf = (url: URL, form: Record<string, string>) =>
    [...url.searchParams.entries(), ...Object.entries(form)]
      .filter(([key]) => key.startsWith('expand['))
      .map(([, value]) => value);

  const send = (res: http.ServerResponse, status: number, body: unknown) =>
    replyJson(res, status, body, { 'request-id': `req_${randomBytes(6).toString('hex')}` });
  const stripeError = (res: http.ServerResponse, status: number, message: string) =>
    send(res, status, { error: { type: 'invalid_request_error', message } });

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const form = Object.fromEntries(new URLSearchParams((await readBody(req)) ?? ''));
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ method: req.method ?? '', path: url.pathname, form });
    if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
      return send(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (failCreates) return send(res, 500, { error: { type: 'api_error', message: 'Stripe is down' } });
      const idempotencyKey = req.headers['idempotency-key'];
      const earlier = typeof idempotencyKey === 'string' ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (earlier) return send(res, 200, sessions.get(earlier));
      const amount = Number(form['line_items[0][price_data][unit_amount]']);
      if (!Number.isInteger(amount) || form.mode !== 'payment' || !form.success_url || !form.cancel_url) {
        return stripeError(res, 400, 'Missing required param');
      }
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const metadata = Object.fromEntries(
        Object.entries(form)
          .filter(([key]) => key.startsWith('metadata['))
          .map(([key, value]) => [key.slice(9, -1), value]),
      );
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount * Number(form['line_items[0][quantity]'] ?? 1),
        currency: form['line_items[0][price_data][currency]'] ?? 'usd',
        client_reference_id: form.client_reference_id ?? null,
        customer_email: form.customer_email ?? null,
        metadata,
        payment_intent: null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        created: Math.floor(Date.now() / 1000),
        customer: form.customer ?? null,
        payment_intent_data: { setup_future_usage: form['payment_intent_data[setup_future_usage]'] ?? null },
      };
      if (session.customer && !customers.has(session.customer))
        return stripeError(res, 400, 'No such customer');
      sessions.set(id, session);
      if (typeof idempotencyKey === 'string') byIdempotencyKey.set(idempotencyKey, id);
      return send(res, 200, session);
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      const session = sessions.get(decodeURIComponent(match[1] ?? ''));
      if (!session) return stripeError(res, 404, 'No such checkout.session');
      const intent = session.payment_intent ? intents.get(session.payment_intent) : undefined;
      const expand = expandsOf(url, form);
      return send(res, 200, {
        ...session,
        payment_intent:
          intent && expand.some((path) => path.startsWith('payment_intent'))
            ? intentView(intent, expand.includes('payment_intent.latest_charge'))
            : session.payment_intent,
      });
    }
    const customerMatch = /^\/v1\/customers(?:\/([^/]+))?$/.exec(url.pathname);
    if (req.method === 'POST' && customerMatch) {
      const id = customerMatch[1]
        ? decodeURIComponent(customerMatch[1])
        : `cus_${randomBytes(8).toString('hex')}`;
      const earlier = customers.get(id);
      if (customerMatch[1] && !earlier) return stripeError(res, 404, 'No such customer');
      const customer = {
        ...earlier,
        id,
        object: 'customer',
        ...form,
        metadata: formMap(form, 'metadata'),
        address: formMap(form, 'address'),
      };
      customers.set(id, customer);
      return send(res, 200, customer);
    }
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const key = req.headers['idempotency-key'];
      const replay = typeof key === 'string' ? intentByKey.get(key) : undefined;
      if (replay) return send(res, replay.status, replay.body);
      const paymentMethod = form.payment_method ?? null;
      if (!paymentMethod || form.confirm !== 'true' || form.off_session !== 'true') {
        return stripeError(res, 400, 'This fake takes confirmed off-session intents only');
      }
      if (form.customer && !customers.has(form.customer)) return stripeError(res, 400, 'No such customer');
      const intent: FakeIntent = {
        id: `pi_${randomBytes(8).toString('hex')}`,
        object: 'payment_intent',
        amount: Number(form.amount),
        amount_received: 0,
        currency: form.currency ?? 'usd',
        status: 'succeeded',
        customer: form.customer ?? null,
        payment_method: paymentMethod,
        metadata: formMap(form, 'metadata'),
        latest_charge: null,
        last_payment_error: null,
        off_session: true,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(intent.id, intent);
      const declines =
        paymentMethod === DECLINING_PAYMENT_METHOD ||
        declining.has(paymentMethod) ||
        detached.has(paymentMethod);
      const charge = newCharge(paymentMethod);
      intent.latest_charge = charge.id;
      let answer: { status: number; body: unknown };
      if (declines) {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { code: 'card_declined', message: 'Your card was declined.' };
        answer = {
          status: 402,
          body: {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
              payment_intent: intentView(intent, false),
            },
          },
        };
      } else {
        intent.amount_received = intent.amount;
        answer = { status: 200, body: intentView(intent, expandsOf(url, form).includes('latest_charge')) };
      }
      if (typeof key === 'string') intentByKey.set(key, answer);
      return send(res, answer.status, answer.body);
    }
    if (req.method === 'GET' && url.pathname === '/v1/payment_intents') {
      // Newest first, filtered by customer and created[gte], as Stripe's list endpoint does.
      const customer = url.searchParams.get('customer');
      const since = Number(url.searchParams.get('created[gte]') ?? 0);
      const expandCharge = expandsOf(url, form).includes('data.latest_charge');
      const data = [...intents.values()]
        .filter((intent) => (!customer || intent.customer === customer) && intent.created >= since)
        .reverse()
        .map((intent) => intentView(intent, expandCharge));
      return send(res, 200, { object: 'list', url: '/v1/payment_intents', has_more: false, data });
    }
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && intentMatch) {
      const intent = intents.get(decodeURIComponent(intentMatch[1] ?? ''));
      if (!intent) return stripeError(res, 404, 'No such payment_intent');
      return send(res, 200, intentView(intent, expandsOf(url, form).includes('latest_charge')));
    }
    // Detach: the PaymentMethod leaves its customer and can no longer be charged; detaching one
    // that is not attached is an invalid request (Stripe's semantics).
    const detachMatch = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(url.pathname);
    if (req.method === 'POST' && detachMatch) {
      if (failDetach) return send(res, 500, { error: { type: 'api_error', message: 'Stripe is down' } });
      const id = decodeURIComponent(detachMatch[1] ?? '');
      if (detached.has(id)) {
        return stripeError(
          res,
          400,
          'The payment method you provided is not attached to a customer so detachment is impossible.',
        );
      }
      detached.add(id);
      return send(res, 200, { id, object: 'payment_method', type: 'card', customer: null });
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname})`);
  };
  const server = await startLocalServer(handle, (error) => ({
    error: { type: 'api_error', message: String(error) },
  }));
  const baseUrl = server.url;
  const stripe = new Stripe(FAKE_STRIPE_KEY);

  const sessionOf = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`fake stripe: no session ${id}`);
    return session;
  };

  const declining = new Set<string>();
  return {
    baseUrl,
    /** The settings that point a runtime's Stripe client at this server. */
    serverConfig: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_BASE: baseUrl,
    },
    requests,
    sessions,
    customers,
    intents,
    /** Off-session charges of this saved card decline from now on. */
    declineCard(paymentMethod: string) {
      declining.add(paymentMethod);
    },
    failCreates(value: boolean) {
      failCreates = value;
    },
    detached,
    /** Detach answers a server error (Stripe unreachable) while set. */
    failDetach(value: boolean) {
      failDetach = value;
    },
    /** Stripe prunes idempotency keys once they are at least 24 hours old: a reused key then makes a new request. */
    pruneIdempotencyKeys() {
      intentByKey.clear();
      byIdempotencyKey.clear();
    },
    /** The customer completes the hosted page; delayed methods leave the payment unpaid for now. */
    pay(id: string, { delayed = false } = {}) {
      const session = sessionOf(id);
      session.status = 'complete';
      session.payment_status = delayed ? 'unpaid' : 'paid';
      const paymentMethod = `pm_${randomBytes(8).toString('hex')}`;
      const charge = newCharge(paymentMethod);
      const intent: FakeIntent = {
        id: `pi_${randomBytes(8).toString('hex')}`,
        object: 'payment_intent',
        amount: session.amount_total,
        amount_received: delayed ? 0 : session.amount_total,
        currency: session.currency,
        status: delayed ? 'processing' : 'succeeded',
        customer: session.customer,
        payment_method: paymentMethod,
        metadata: { paymentId: session.metadata.paymentId ?? '' },
        latest_charge: charge.id,
        last_payment_error: null,
        off_session: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(intent.id, intent);
      session.payment_intent = intent.id;
      return session;
    },
    settleDelayed(id: string, succeeded: boolean) {
      const session = sessionOf(id);
      session.payment_status = succeeded ? 'paid' : 'unpaid';
      return session;
    },
    expire(id: string) {
      const session = sessionOf(id);
      session.status = 'expired';
      return session;
    },
    /** A PaymentIntent event as Stripe sends it (the charge named by id), signed. */
    signedIntentEvent(type: 'payment_intent.succeeded' | 'payment_intent.payment_failed', intentId: string) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`fake stripe: no payment intent ${intentId}`);
      const payload = JSON.stringify({
        id: `evt_${randomBytes(10).toString('hex')}`,
        object: 'event',
        type,
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        data: { object: intentView(intent, false) },
      });
      return {
        payload,
        header: stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_WEBHOOK_SECRET }),
      };
    },
    /** An event as Stripe sends it, with its Stripe-Signature header (`secret` to forge one). */
    signedEvent(
      type: string,
      sessionId: string,
      options: { eventId?: string; secret?: string; timestamp?: number } = {},
    ) {
      const payload = JSON.stringify({
        id: options.eventId ?? `evt_${randomBytes(10).toString('hex')}`,
        object: 'event',
        type,
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        data: { object: sessionOf(sessionId) },
      });
      const header = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? FAKE_WEBHOOK_SECRET,
        ...(options.timestamp && { timestamp: options.timestamp }),
      });
      return { payload, header };
    },
    close: server.close,
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/**
 * Delivers an event (`signedEvent`, `signedIntentEvent`) to the runtime's webhook endpoint, as
 * Stripe does; without a `header`, unsigned.
 */
export const deliverStripeEvent = (runtime: TestRuntime, event: { payload: string; header?: string }) =>
  runtime.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: event.payload,
    headers: {
      'content-type': 'application/json',
      ...(event.header && { 'stripe-signature': event.header }),
    },
  });
