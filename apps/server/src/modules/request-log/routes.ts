import { Readable } from 'node:stream';
import { REQUEST_LOG_ROUTES, RequestLogApiQuery } from '@conduit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addAppRoute } from '../../platform/app-route.ts';
import type { Services } from '../../platform/services.ts';
import { requireUser } from '../auth/session-http.ts';
import { workspaceFor } from '../auth/workspace-access.ts';
import type { Gateway } from '../provider/gateway.ts';
import { addKeyReadRoute } from '../provider/key-read-route.ts';
import { metadataQueryOf } from '../provider/metadata.ts';
import { readLivemode } from '../provider/test-mode.ts';
import { filterOf, listRequests, statusFilterOf } from './list-requests.ts';
import { requestsCsv } from './requests-csv.ts';

/**
 * The Logs page's list and CSV export. Billing members see no calls, so no requests either
 * (`useCalls`, docs/decisions/0011-workspaces.md).
 */
export const requestLogRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function routes(app) {
    const tags = ['request-log'];
    app.addHook('preHandler', requireUser(services));
    const { list, csv } = REQUEST_LOG_ROUTES;
    addAppRoute(app, list, { tags }, async (request) => {
      const { limit, cursor, ...filters } = request.query;
      const filter = { ...filterOf(filters), livemode: readLivemode(request) };
      return listRequests(services.pool, workspaceFor(request, 'useCalls').id, filter, { limit, cursor });
    });
    addAppRoute(app, csv, { tags }, async (request, reply) => {
      const workspaceId = workspaceFor(request, 'useCalls').id;
      const day = services.clock.now().toISOString().slice(0, 10);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="conduit-requests-${day}.csv"`);
      const filter = { ...filterOf(request.query), livemode: readLivemode(request) };
      return reply.send(Readable.from(requestsCsv(services.pool, workspaceId, filter)));
    });
  };

/** `GET /api/provider/requests`: the request log of the key's workspace (docs/product.md, "Logs"). */
export const requestLogApiRoutes = (gateway: Gateway): FastifyPluginAsyncZod =>
  async function routes(app) {
    addKeyReadRoute(app, gateway, 'listRequests', RequestLogApiQuery, async (identity, query, request) => {
      const { limit, cursor, status, code } = query;
      const { workspaceId, permissions, livemode } = identity;
      const page = await listRequests(
        gateway.services.pool,
        workspaceId,
        // A key sees the calls of the services it may call (docs/product.md, "Roles and permissions").
        {
          status: statusFilterOf(status),
          code,
          services: [...permissions],
          metadata: metadataQueryOf(request.raw.url),
          livemode,
        },
        { limit, cursor },
      );
      return { success: true as const, data: page.items, nextCursor: page.nextCursor };
    });
  };
