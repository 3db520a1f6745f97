import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../platform/services.ts';
import { checkReadiness } from './check-readiness.ts';
import { findInstallation } from './installation.ts';
import { assertMayScrapeMetrics } from './metrics-access.ts';
import { registerStateGauges } from './state-gauges.ts';

/** Liveness, readiness and Prometheus metrics: operators' conventions, outside /api. */
export const systemRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function routes(app) {
    registerStateGauges(services);
    app.get(
      '/healthz',
      {
        schema: { hide: true, response: { 200: z.object({ status: z.literal('ok'), uptimeS: z.number() }) } },
      },
      async () => ({ status: 'ok' as const, uptimeS: Math.round(process.uptime()) }),
    );

    app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
      // A draining process (SIGTERM received) tells the load balancer to send no new connections.
      if (services.lifecycle.isDraining) return reply.status(503).send({ status: 'draining', checks: [] });
      const { isReady, checks } = await checkReadiness(services);
      const installation = isReady ? await findInstallation(services.db) : undefined;
      return reply.status(isReady ? 200 : 503).send({
        status: isReady ? 'ready' : 'unavailable',
        checks,
        ...(installation && { installedAt: installation.createdAt, startCount: installation.startCount }),
      });
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      assertMayScrapeMetrics(services.config, request.headers.authorization);
      const body = await services.metrics.registry.metrics();
      return reply.type(services.metrics.registry.contentType).send(body);
    });
  };
