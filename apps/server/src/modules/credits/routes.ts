import { CREDIT_PACKAGES, CreditPackagesResponse } from '@conduit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const creditsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/credits/packages',
    { schema: { tags: ['credits'], response: { 200: CreditPackagesResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { packages: CREDIT_PACKAGES };
    },
  );
};
