import { ADMIN_EDIT_ROUTES, ADMIN_FIGURE_ROUTES, ADMIN_MARGIN_ROUTES } from '@conduit/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addAppRoute } from '../../platform/app-route.ts';
import type { Services } from '../../platform/services.ts';
import { requireAdmin, signedIn } from '../auth/session-http.ts';
import type { Engine } from '../engines/engine.ts';
import { adjustUserCredits } from './adjust-user-credits.ts';
import type { AdminActor, AdminContext } from './admin-context.ts';
import { listAuditLog } from './audit-log.ts';
import { listChannels, listKieAccounts, updateChannel, updateKieAccount } from './channels.ts';
import { getDashboard } from './get-dashboard.ts';
import { getFeatures } from './get-features.ts';
import { getHealth } from './get-health.ts';
import { getRevenue } from './get-revenue.ts';
import { inviteUser } from './invite-user.ts';
import { listTeams } from './list-teams.ts';
import { listUsers } from './list-users.ts';
import { variantMargins } from './margin-guard.ts';
import { listModels, updateModel } from './models.ts';
import { getReconciliation, reconciliationCsv } from './reconciliation.ts';
import { updateUser } from './update-user.ts';

/**
 * The admin API (docs/product.md, "Admin area", with Add User, Edit and the audit log): admin and
 * super_admin only, by session cookie or, for scripts, the session token as a bearer token.
 */
export const adminRoutes = (services: Services, engine?: Engine): FastifyPluginAsyncZod =>
  async function routes(app) {
    const tags = ['admin'];
    // Read per request: the services' clock is the one the figures are computed against.
    const context = (): AdminContext => ({ ...services, engine });
    const actorOf = (request: FastifyRequest): AdminActor => {
      const { user } = signedIn(request);
      return { userId: user.id, role: user.role };
    };
    // Before validation: someone who is not an admin learns nothing, not even what a body should hold.
    app.addHook('onRequest', requireAdmin(services));

    const figures = ADMIN_FIGURE_ROUTES;
    addAppRoute(app, figures.dashboard, { tags }, async () => getDashboard(context()));

    const edits = ADMIN_EDIT_ROUTES;
    addAppRoute(app, edits.users, { tags }, async (request) => listUsers(services.pool, request.query));
    addAppRoute(app, edits.teams, { tags }, async (request) =>
      listTeams(services.pool, services.clock.now(), request.query),
    );
    addAppRoute(app, edits.invite, { tags, status: 201 }, async (request, reply) =>
      reply.status(201).send(await inviteUser(context(), actorOf(request), request.body)),
    );
    addAppRoute(app, edits.editUser, { tags }, async (request) =>
      updateUser(context(), actorOf(request), request.params.id, request.body),
    );
    addAppRoute(app, edits.adjustCredits, { tags }, async (request) =>
      adjustUserCredits(context(), actorOf(request), request.params.id, request.body),
    );

    addAppRoute(app, figures.revenue, { tags }, async () => getRevenue(context()));
    addAppRoute(app, figures.features, { tags }, async () => getFeatures(context()));
    addAppRoute(app, figures.health, { tags }, async () => getHealth(context()));
    addAppRoute(app, figures.auditLog, { tags }, async (request) =>
      listAuditLog(services.pool, request.query),
    );

    addAppRoute(app, figures.reconciliation, { tags }, async (request) =>
      getReconciliation(context(), request.query.days),
    );
    addAppRoute(app, figures.reconciliationCsv, { tags }, async (request, reply) => {
      const day = services.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="reconciliation-${day}.csv"`)
        .send(reconciliationCsv(await getReconciliation(context(), request.query.days)));
    });
    addAppRoute(app, figures.channels, { tags }, async () => {
      const [channels, kieAccounts] = await Promise.all([
        listChannels(context()),
        listKieAccounts(context()),
      ]);
      return { channels, kieAccounts };
    });
    addAppRoute(app, edits.updateKieAccount, { tags }, async (request) => ({
      account: await updateKieAccount(context(), actorOf(request), request.params.id, request.body),
    }));
    addAppRoute(app, edits.updateChannel, { tags }, async (request) => ({
      channel: await updateChannel(context(), actorOf(request), request.params.id, request.body),
    }));
    addAppRoute(app, figures.models, { tags }, async () => ({ models: await listModels(context()) }));
    addAppRoute(app, ADMIN_MARGIN_ROUTES.margins, { tags }, async () => ({
      data: await variantMargins(context()),
      marginFloorPercent: services.config.MARGIN_FLOOR_PERCENT,
    }));
    addAppRoute(app, edits.updateModel, { tags }, async (request) => ({
      model: await updateModel(context(), actorOf(request), request.params.id, request.body),
    }));
  };
