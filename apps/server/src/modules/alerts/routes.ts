import { ALERT_ROUTES } from '@conduit/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addAppRoute } from '../../platform/app-route.ts';
import type { Services } from '../../platform/services.ts';
import { requireUser, signedIn } from '../auth/session-http.ts';
import { workspaceFor } from '../auth/workspace-access.ts';
import { type AlertActor, type AlertsContext, addAlert, listAlerts, removeAlert } from './thresholds.ts';

/** The workspace's low-balance alerts: read with `viewSpend`, changed with `buyCredits`. */
export const alertsRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function routes(app) {
    const tags = ['alerts'];
    const ctx: AlertsContext = {
      db: services.db,
      pool: services.pool,
      clock: { now: () => services.clock.now() },
    };
    const editor = (request: FastifyRequest): AlertActor => ({
      workspace: workspaceFor(request, 'buyCredits'),
      userId: signedIn(request).user.id,
    });
    app.addHook('preHandler', requireUser(services));

    const { list, add, remove } = ALERT_ROUTES;
    addAppRoute(app, list, { tags }, async (request) =>
      listAlerts(ctx, workspaceFor(request, 'viewSpend').id),
    );
    addAppRoute(app, add, { tags, status: 201 }, async (request, reply) =>
      reply.status(201).send(await addAlert(ctx, editor(request), request.body.threshold)),
    );
    addAppRoute(app, remove, { tags }, async (request) =>
      removeAlert(ctx, editor(request), request.params.id),
    );
  };
