import { SERVICES, USAGE_BY_METADATA_ROUTE, UsageByMetadataQuery } from '@conduit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addAppRoute } from '../../platform/app-route.ts';
import type { Services } from '../../platform/services.ts';
import { requireUser } from '../auth/session-http.ts';
import { workspaceFor } from '../auth/workspace-access.ts';
import type { Gateway } from '../provider/gateway.ts';
import { addKeyReadRoute } from '../provider/key-read-route.ts';
import { assertKeyCovers } from '../provider/key-refusals.ts';
import { readLivemode } from '../provider/test-mode.ts';
import { spendByMetadata } from './group-by-metadata.ts';

/**
 * `GET /api/provider/usage?groupBy=metadata.<key>` (docs/product.md, "Metadata"): spend by one
 * metadata key for a key's workspace. A key sees the calls of the services it may call, as its
 * task list does; naming a service it may not call is 403 KEY_SCOPE.
 */
export const usageByMetadataApiRoutes = (gateway: Gateway): FastifyPluginAsyncZod =>
  async function routes(app) {
    addKeyReadRoute(app, gateway, 'getUsage', UsageByMetadataQuery, async (identity, query) => {
      if (query.service) assertKeyCovers(identity, query.service);
      const data = await spendByMetadata(
        gateway.services.pool,
        identity.workspaceId,
        query,
        [...identity.permissions],
        identity.livemode,
      );
      return { success: true as const, data };
    });
  };

/** The Usage page's grouping: the same figures for the session's workspace. Spend, so every role. */
export const usageByMetadataRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function routes(app) {
    app.addHook('preHandler', requireUser(services));
    addAppRoute(app, USAGE_BY_METADATA_ROUTE, { tags: ['usage'] }, async (request) => ({
      data: await spendByMetadata(
        services.pool,
        workspaceFor(request, 'viewSpend').id,
        request.query,
        SERVICES,
        readLivemode(request),
      ),
    }));
  };
