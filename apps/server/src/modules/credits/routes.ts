import { CREDIT_PACKAGES, CREDIT_ROUTES } from '@conduit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addAppRoute } from '../../platform/app-route.ts';
import type { Services } from '../../platform/services.ts';
import { requireUser } from '../auth/session-http.ts';
import { workspaceFor } from '../auth/workspace-access.ts';
import { getCreditSummary } from './get-credit-summary.ts';

export const creditsRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function routes(app) {
    const tags = ['credits'];
    const { packages, summary } = CREDIT_ROUTES;
    addAppRoute(app, packages, { tags }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { packages: CREDIT_PACKAGES };
    });

    addAppRoute(app, summary, { tags, preHandler: requireUser(services) }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getCreditSummary(services.db, workspaceFor(request, 'viewSpend').id);
    });
  };
