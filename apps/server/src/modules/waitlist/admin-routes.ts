import { WAITLIST_ADMIN_ROUTES, WAITLIST_FIELDS } from '@conduit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addAppRoute } from '../../platform/app-route.ts';
import type { Services } from '../../platform/services.ts';
import { requireAdmin } from '../auth/session-http.ts';
import { exportWaitlistCsv, inviteNext, listWaitlist } from './admin-waitlist.ts';

const EXPORTED_ANSWERS = WAITLIST_FIELDS.map((field) => field.id).filter(
  (id) => id !== 'name' && id !== 'email',
);

/**
 * The admin's waitlist: entries by rank, CSV export, invite next N
 * (docs/waitlist.md, "Admin: invite next N").
 */
export const waitlistAdminRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function routes(app) {
    const tags = ['admin'];
    // Before validation (onRequest), as every admin route: a stranger learns no field names.
    app.addHook('onRequest', requireAdmin(services));

    const { list, invite, csv } = WAITLIST_ADMIN_ROUTES;
    addAppRoute(app, list, { tags }, async (request) =>
      listWaitlist(services, request.query.limit, request.query.offset),
    );

    addAppRoute(app, csv, { tags }, async (_request, reply) => {
      const day = services.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="waitlist-${day}.csv"`)
        .send(await exportWaitlistCsv(services, EXPORTED_ANSWERS));
    });

    addAppRoute(app, invite, { tags }, async (request) => inviteNext(services, request.body.count));
  };
