import { Readable } from 'node:stream';
import { USAGE_ROUTES } from '@conduit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addAppRoute } from '../../platform/app-route.ts';
import type { Services } from '../../platform/services.ts';
import { requireUser, signedIn } from '../auth/session-http.ts';
import { workspaceFor } from '../auth/workspace-access.ts';
import type { Engine } from '../engines/engine.ts';
import { deriveKeyEncryptionKey } from '../keys/key-crypto.ts';
import { readLivemode } from '../provider/test-mode.ts';
import { getCallDetail } from './get-call-detail.ts';
import { getDailyUsage } from './get-daily-usage.ts';
import { getDashboard } from './get-dashboard.ts';
import { listUsage, usageCsv } from './list-usage.ts';
import { rateResult } from './rate-result.ts';

/**
 * The signed-in user's dashboard, usage history and call detail; the history and call detail go
 * beyond docs/product.md, "Data the screens show". The dashboard's totals and the per-day figures
 * are spend (every role); the call list and its CSV name calls, keys and result URLs, so they need
 * `useCalls` (a billing member gets 403).
 */
export const usageRoutes = (
  services: Services,
  engine: Pick<Engine, 'name' | 'isDevelopmentEngine'>,
): FastifyPluginAsyncZod =>
  async function routes(app) {
    const tags = ['usage'];
    const encryptionKey = deriveKeyEncryptionKey(services.sessionSecret);
    app.addHook('preHandler', requireUser(services));

    const { dashboard, daily, history, callDetail, rateResult: rating, csv } = USAGE_ROUTES;
    addAppRoute(app, dashboard, { tags }, async (request) =>
      getDashboard(services.pool, workspaceFor(request, 'viewSpend'), engine, readLivemode(request)),
    );
    addAppRoute(app, daily, { tags }, async (request) =>
      getDailyUsage(
        services.pool,
        workspaceFor(request, 'viewSpend').id,
        request.query.tz,
        readLivemode(request),
      ),
    );
    addAppRoute(app, history, { tags }, async (request) =>
      listUsage(services.pool, workspaceFor(request, 'useCalls').id, request.query, readLivemode(request)),
    );
    addAppRoute(app, callDetail, { tags }, async (request) =>
      getCallDetail(
        services.pool,
        encryptionKey,
        workspaceFor(request, 'useCalls').id,
        request.params.taskId,
        readLivemode(request),
      ),
    );
    addAppRoute(app, rating, { tags }, async (request) =>
      rateResult(
        services.pool,
        services.clock.now(),
        { workspaceId: workspaceFor(request, 'useCalls').id, userId: signedIn(request).user.id },
        request.params.taskId,
        request.body.rating,
      ),
    );

    addAppRoute(app, csv, { tags }, async (request, reply) => {
      const workspaceId = workspaceFor(request, 'useCalls').id;
      const day = new Date().toISOString().slice(0, 10);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="conduit-usage-${day}.csv"`);
      return reply.send(Readable.from(usageCsv(services.pool, workspaceId, readLivemode(request))));
    });
  };
