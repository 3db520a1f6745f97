import { APP_PATHS, CREDIT_PACKAGES, CreditPackagesResponse, CreditsResponse } from '@conduit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../platform/services.ts';
import { requireUser } from '../auth/session-http.ts';
import { workspaceFor } from '../workspaces/workspace-access.ts';
import { getCreditSummary } from './get-credit-summary.ts';

export const creditsRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.get(
      APP_PATHS.creditPackages.path,
      { schema: { tags: ['credits'], response: { 200: CreditPackagesResponse } } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return { packages: CREDIT_PACKAGES };
      },
    );

    app.get(
      APP_PATHS.credits.path,
      {
        preHandler: requireUser(services),
        schema: { tags: ['credits'], response: { 200: CreditsResponse } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return getCreditSummary(services.db, workspaceFor(request, 'viewSpend').id);
      },
    );
  };
