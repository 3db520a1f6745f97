import { CREDIT_PACKAGES, CREDIT_ROUTES } from '@conduit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appRouteSchema } from '../../platform/app-route.ts';
import type { Services } from '../../platform/services.ts';
import { requireUser } from '../auth/session-http.ts';
import { workspaceFor } from '../workspaces/workspace-access.ts';
import { getCreditSummary } from './get-credit-summary.ts';

export const creditsRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function routes(app) {
    const tags = ['credits'];
    const { packages, summary } = CREDIT_ROUTES;
    app.get(packages.path, { schema: appRouteSchema(packages, tags) }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { packages: CREDIT_PACKAGES };
    });

    app.get(
      summary.path,
      { preHandler: requireUser(services), schema: appRouteSchema(summary, tags) },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return getCreditSummary(services.db, workspaceFor(request, 'viewSpend').id);
      },
    );
  };
