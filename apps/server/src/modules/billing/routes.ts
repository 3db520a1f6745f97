import { BILLING_ROUTES, BILLING_TEXTS, roleAllows } from '@conduit/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { addAppRoute } from '../../platform/app-route.ts';
import { NotFound } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { requireUser, signedIn } from '../auth/session-http.ts';
import { createCheckoutProvider } from '../payments/checkout-provider.ts';
import { workspaceFor } from '../workspaces/workspace-access.ts';
import { getAutoTopUp, saveAutoTopUp } from './auto-top-up-settings.ts';
import { getBillingDetails, saveBillingDetails } from './billing-details.ts';
import { getReceipt } from './receipts.ts';

/** Billing details, auto top-up and receipts (docs/product.md, "Auto top-up and receipts"); `buyCredits`. */
export const billingRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function routes(app) {
    const tags = ['billing'];
    const routes = BILLING_ROUTES;
    const providerName = createCheckoutProvider(services.config, services.db)?.name;
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
      // A receipt is not found, rather than forbidden, for a member who may not see purchases.
      addAppRoute(scoped, routes.receipt, { tags }, async (request) => {
        const { workspace } = signedIn(request);
        if (!roleAllows(workspace.role, 'buyCredits')) throw new NotFound(BILLING_TEXTS.receiptNotFound);
        return getReceipt(services.db, services.config, workspace.id, request.params.paymentId);
      });
    });
  };
