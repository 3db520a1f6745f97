import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import Stripe from 'stripe';
import { readBody, replyJson, startLocalServer } from './local-server.ts';

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
}

/**
 * A local server speaking the Checkout Sessions endpoints the stripe SDK calls (create with
 * form-encoded bodies, retrieve), with Stripe's idempotency keys and its error shape. Tests move
 * sessions through payment with `pay`, `expire`, and send events signed the real way.
 */
export async function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: { method: string; path: string; form: Record<string, string> }[] = [];
  let failCreates = false;

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
      };
      sessions.set(id, session);
      if (typeof idempotencyKey === 'string') byIdempotencyKey.set(idempotencyKey, id);
      return send(res, 200, session);
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      const session = sessions.get(decodeURIComponent(match[1] ?? ''));
      return session ? send(res, 200, session) : stripeError(res, 404, 'No such checkout.session');
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

  return {
    baseUrl,
    requests,
    sessions,
    failCreates(value: boolean) {
      failCreates = value;
    },
    /** The customer completes the hosted page; delayed methods leave the payment unpaid for now. */
    pay(id: string, { delayed = false } = {}) {
      const session = sessionOf(id);
      session.status = 'complete';
      session.payment_status = delayed ? 'unpaid' : 'paid';
      session.payment_intent = `pi_${randomBytes(8).toString('hex')}`;
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
