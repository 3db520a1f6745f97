import { PAYMENT_ROUTES } from '@conduit/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { addAppRoute } from '../../platform/app-route.ts';
import { BadRequest, ServiceUnavailable } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { requireUser, signedIn } from '../auth/session-http.ts';
import { workspaceFor } from '../auth/workspace-access.ts';
import { listPayments, type PaymentsContext, startCheckout, verifyPayment } from './checkout.ts';
import { createCheckoutProvider, createStripeClient } from './checkout-provider.ts';
import { decideSandboxCheckout, getSandboxCheckout } from './sandbox-checkout.ts';
import { handleStripeEvent, WEBHOOK_TOLERANCE_S } from './stripe-webhook.ts';

/**
 * Credit purchases (docs/product.md, "App API"): checkout, verify on return, history, Stripe
 * webhooks, sandbox.
 */
export const paymentsRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function routes(app) {
    const { config } = services;
    const ctx: PaymentsContext = {
      db: services.db,
      provider: createCheckoutProvider(config, services.db),
      publicUrl: config.PUBLIC_URL,
      log: services.log,
      jobs: services.jobs,
    };
    const tags = ['payments'];

    await app.register(async (signedInRoutes) => {
      signedInRoutes.addHook('preHandler', requireUser(services));
      signedInRoutes.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      const scoped = signedInRoutes.withTypeProvider<import('fastify-type-provider-zod').ZodTypeProvider>();

      const { checkout, verify, list, sandboxSession, sandboxPay, sandboxCancel } = PAYMENT_ROUTES;
      // Every payment route acts for the workspace the caller buys credits for.
      const buyer = (request: FastifyRequest) => workspaceFor(request, 'buyCredits').id;

      addAppRoute(scoped, checkout, { tags }, async (request) => {
        const { user } = signedIn(request);
        return startCheckout(
          ctx,
          { workspaceId: buyer(request), buyerId: user.id, email: user.email },
          request.body.package,
          request.body.saveCard ?? false,
        );
      });
      addAppRoute(scoped, verify, { tags }, async (request) =>
        verifyPayment(ctx, buyer(request), request.body.sessionId),
      );
      addAppRoute(scoped, list, { tags }, async (request) => ({
        payments: await listPayments(ctx, buyer(request)),
      }));
      addAppRoute(scoped, sandboxSession, { tags }, async (request) =>
        getSandboxCheckout(ctx, buyer(request), request.params.sessionId),
      );
      addAppRoute(scoped, sandboxPay, { tags }, async (request) =>
        decideSandboxCheckout(ctx, buyer(request), request.params.sessionId, 'pay', request.body?.cardNumber),
      );
      addAppRoute(scoped, sandboxCancel, { tags }, async (request) =>
        decideSandboxCheckout(ctx, buyer(request), request.params.sessionId, 'cancel'),
      );
    });

    // Stripe signs the exact bytes it sent: this route alone keeps the raw body.
    await app.register(async (webhookRoutes) => {
      webhookRoutes.removeAllContentTypeParsers();
      webhookRoutes.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      const stripe: Stripe | undefined = config.STRIPE_WEBHOOK_SECRET
        ? createStripeClient(config)
        : undefined;

      webhookRoutes.post('/api/payments/webhook', { schema: { tags, hide: true } }, async (request) => {
        const secret = config.STRIPE_WEBHOOK_SECRET;
        if (!stripe || !secret) throw new ServiceUnavailable('Stripe webhooks are not configured');
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
          throw new BadRequest('Missing Stripe signature', 'stripe-signature');
        }
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(request.body, signature, secret, WEBHOOK_TOLERANCE_S);
        } catch {
          throw new BadRequest('Invalid Stripe signature', 'stripe-signature');
        }
        const outcome = await handleStripeEvent(services, ctx.provider, event);
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe event');
        return { received: true, outcome };
      });
    });
  };
