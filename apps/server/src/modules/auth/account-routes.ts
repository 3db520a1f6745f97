import { ACCOUNT_ROUTES, ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addAppRoute } from '../../platform/app-route.ts';
import { Forbidden } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import type { AuthLimits } from './auth-limits.ts';
import { cancelEmailChange, pendingEmailChange } from './cancel-email-change.ts';
import { requestEmailChange } from './change-email.ts';
import { deleteAccount } from './delete-account.ts';
import { guardAttempt } from './guard-attempt.ts';
import { clearSessionCookie, requireUser, signedIn } from './session-http.ts';
import { listSessions, revokeOwnSession } from './session-list.ts';
import { revokeUserSessions } from './sessions.ts';
import { setPassword } from './set-password.ts';

/** The signed-in account's own settings: password, address, sessions and deletion. */
export const accountRoutes = (services: Services, limits: AuthLimits): FastifyPluginAsyncZod =>
  async function routes(app) {
    const tags = ['account'];
    const ctx = { ...services, limits };
    const routes = ACCOUNT_ROUTES;
    app.addHook('preHandler', requireUser(services));

    addAppRoute(app, routes.setPassword, { tags }, async (request) =>
      setPassword(ctx, signedIn(request), request.body),
    );

    addAppRoute(app, routes.changeEmail, { tags }, async (request) =>
      requestEmailChange(ctx, signedIn(request), request.body),
    );

    addAppRoute(app, routes.pendingEmailChange, { tags }, async (request) =>
      pendingEmailChange(services.db, services.clock, signedIn(request).user.id),
    );

    addAppRoute(app, routes.cancelEmailChange, { tags }, async (request) =>
      cancelEmailChange(services.db, services.clock, signedIn(request).user.id),
    );

    addAppRoute(app, routes.sessions, { tags }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { sessions: await listSessions(services.db, services.clock, signedIn(request)) };
    });

    addAppRoute(app, routes.signOutSession, { tags }, async (request, reply) => {
      const { message, isCurrent } = await revokeOwnSession(
        services.db,
        signedIn(request),
        request.params.id,
      );
      if (isCurrent) clearSessionCookie(reply, services.config);
      return { message };
    });

    addAppRoute(app, routes.signOutOthers, { tags }, async (request) => {
      const { user, sessionId } = signedIn(request);
      await revokeUserSessions(services.db, user.id, sessionId);
      return { message: T.otherSessionsSignedOut };
    });

    addAppRoute(app, routes.deleteAccount, { tags }, async (request, reply) => {
      const { user } = signedIn(request);
      const result = await guardAttempt(
        limits.passwordFailuresPerAccount,
        user.email,
        () => deleteAccount(services, user.id, request.body ?? {}),
        (error) => error instanceof Forbidden,
      );
      clearSessionCookie(reply, services.config);
      return result;
    });
  };
