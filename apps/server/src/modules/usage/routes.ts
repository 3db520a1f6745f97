import { Readable } from 'node:stream';
import {
  APP_PATHS,
  CALL_DETAIL_ROUTE,
  CallDetail,
  CallDetailParams,
  DAILY_USAGE_ROUTE,
  DashboardResponse,
  RateResultBody,
  RateResultResponse,
  UsageQuery,
  UsageResponse,
} from '@conduit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../platform/services.ts';
import { requireUser, signedIn } from '../auth/session-http.ts';
import type { Engine } from '../engines/engine.ts';
import { deriveKeyEncryptionKey } from '../keys/key-crypto.ts';
import { workspaceFor } from '../workspaces/workspace-access.ts';
import { getCallDetail } from './get-call-detail.ts';
import { getDailyUsage } from './get-daily-usage.ts';
import { getDashboard } from './get-dashboard.ts';
import { listUsage, usageCsv } from './list-usage.ts';
import { rateResult } from './rate-result.ts';

/**
 * The signed-in user's dashboard, usage history and call detail; the history and call detail go
 * beyond docs/product.md, "Data the screens show".
 */
export const usageRoutes = (
  services: Services,
  engine: Pick<Engine, 'name' | 'isDevelopmentEngine'>,
): FastifyPluginAsyncZod =>
  async function routes(app) {
    const tags = ['usage'];
    const encryptionKey = deriveKeyEncryptionKey(services.sessionSecret);
    app.addHook('preHandler', requireUser(services));
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(
      APP_PATHS.dashboard.path,
      { schema: { tags, response: { 200: DashboardResponse } } },
      async (request) => getDashboard(services.pool, workspaceFor(request, 'viewSpend'), engine),
    );

    app.get(
      DAILY_USAGE_ROUTE.path,
      {
        schema: { tags, querystring: DAILY_USAGE_ROUTE.query, response: { 200: DAILY_USAGE_ROUTE.response } },
      },
      async (request) =>
        getDailyUsage(services.pool, workspaceFor(request, 'viewSpend').id, request.query.tz),
    );

    app.get(
      APP_PATHS.usage.path,
      { schema: { tags, querystring: UsageQuery, response: { 200: UsageResponse } } },
      async (request) =>
        listUsage(
          services.pool,
          workspaceFor(request, 'viewSpend').id,
          request.query.limit,
          request.query.cursor,
        ),
    );

    app.get(
      CALL_DETAIL_ROUTE.path,
      { schema: { tags, params: CallDetailParams, response: { 200: CallDetail } } },
      async (request) =>
        getCallDetail(
          services.pool,
          encryptionKey,
          workspaceFor(request, 'useCalls').id,
          request.params.taskId,
        ),
    );

    app.put(
      APP_PATHS.rateResult.path,
      {
        schema: {
          tags,
          params: z.object({ taskId: z.string().min(1).max(100) }),
          body: RateResultBody,
          response: { 200: RateResultResponse },
        },
      },
      async (request) =>
        rateResult(
          services.pool,
          services.clock.now(),
          { workspaceId: workspaceFor(request, 'useCalls').id, userId: signedIn(request).user.id },
          request.params.taskId,
          request.body.rating,
        ),
    );

    app.get(APP_PATHS.usageCsv.path, { schema: { tags } }, async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="conduit-usage-${day}.csv"`);
      return reply.send(Readable.from(usageCsv(services.pool, workspaceFor(request, 'viewSpend').id)));
    });
  };
