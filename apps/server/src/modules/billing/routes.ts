import { BILLING_ROUTES, BILLING_TEXTS, roleAllows } from '@conduit/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { addAppRoute } from '../../platform/app-route.ts';
import { NotFound } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { requireUser, signedIn } from '../auth/session-http.ts';
import { workspaceFor } from '../auth/workspace-access.ts';
import { getBillingDetails, saveBillingDetails } from '../payments/billing-details.ts';
import { createCheckoutProvider } from '../payments/checkout-provider.ts';
import { getReceipt } from '../payments/receipts.ts';
import { getAutoTopUp, saveAutoTopUp } from './auto-top-up-settings.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';
import { removeSavedCard } from './saved-cards.ts';

/** Billing details, auto top-up and receipts (docs/product.md, "Auto top-up and receipts"); `buyCredits`. */
export const billingRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function routes(app) {
    const tags = ['billing'];
    const routes = BILLING_ROUTES;
    const provider = createCheckoutProvider(services.config, services.db);
    const providerName = provider?.name;
    await app.register(async (userRoutes) => {
      userRoutes.addHook('preHandler', requireUser(services));
      const scoped = userRoutes.withTypeProvider<ZodTypeProvider>();
      addAppRoute(scoped, routes.details, { tags }, async (request) => ({
        details: await getBillingDetails(services.db, workspaceFor(request, 'buyCredits').id),
      }));
      addAppRoute(scoped, routes.saveDetails, { tags }, async (request) => {
        const workspace = workspaceFor(request, 'buyCredits');
        const { user } = signedIn(request);
        return { details: await saveBillingDetails(services.db, workspace, user.id, request.body) };
      });
      addAppRoute(scoped, routes.autoTopUp, { tags }, async (request) =>
        getAutoTopUp(services.db, workspaceFor(request, 'buyCredits').id, services.clock.now()),
      );
      addAppRoute(scoped, routes.saveAutoTopUp, { tags }, async (request) => {
        const workspace = workspaceFor(request, 'buyCredits');
        const { user } = signedIn(request);
        return saveAutoTopUp(services.db, workspace, user.id, request.body, {
          provider: providerName,
          now: services.clock.now(),
        });
      });
      addAppRoute(scoped, routes.removeSavedCard, { tags }, async (request) => {
        const workspace = workspaceFor(request, 'buyCredits');
        const { user } = signedIn(request);
        await removeSavedCard(services.db, provider, workspace, user.id, services.log);
        return getAutoTopUp(services.db, workspace.id, services.clock.now());
      });
      // A receipt is not found, rather than forbidden, for a member who may not see purchases.
      const receiptOf = (request: FastifyRequest, paymentId: string) => {
        const { workspace } = signedIn(request);
        if (!roleAllows(workspace.role, 'buyCredits')) throw new NotFound(BILLING_TEXTS.receiptNotFound);
        return getReceipt(services.db, services.config, workspace.id, paymentId);
      };
      addAppRoute(scoped, routes.receipt, { tags }, async (request) =>
        receiptOf(request, request.params.paymentId),
      );
      addAppRoute(scoped, routes.receiptPdf, { tags }, async (request, reply) => {
        const receipt = await receiptOf(request, request.params.paymentId);
        const pdf = await renderReceiptPdf(receipt);
        return reply
          .header('cache-control', 'no-store')
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="conduit-receipt-${receipt.paymentId}.pdf"`)
          .send(pdf);
      });
    });
  };
