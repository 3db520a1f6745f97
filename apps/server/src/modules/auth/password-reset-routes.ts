import { AUTH_ROUTES, ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addAppRoute } from '../../platform/app-route.ts';
import type { Services } from '../../platform/services.ts';
import { type AuthLimits, addMailRequestRoute } from './auth-limits.ts';
import { cancelEmailChangeByLink } from './cancel-email-change.ts';
import { confirmEmailChange } from './change-email.ts';
import { forgotPassword } from './forgot-password.ts';
import { checkResetLink, resetPassword } from './reset-password.ts';
import { finishSignIn } from './sign-in-http.ts';

/** Links mailed to prove an address: forgotten passwords and address changes (and cancelling one). */
export const passwordResetRoutes = (services: Services, limits: AuthLimits): FastifyPluginAsyncZod =>
  async function routes(app) {
    const tags = ['auth'];
    const routes = AUTH_ROUTES;

    addMailRequestRoute(app, routes.forgotPassword, limits.resetMail, (email) =>
      forgotPassword(services, email),
    );

    addAppRoute(app, routes.resetPassword, { tags }, async (request, reply) => {
      await limits.resetMail.perIp.consume(request.ip);
      const user = await resetPassword(services, request.body);
      return finishSignIn(services, request, reply, user, T.resetDone);
    });

    addAppRoute(app, routes.checkResetLink, { tags }, async (request) => {
      await limits.resetMail.perIp.consume(request.ip);
      return checkResetLink(services, request.body.token);
    });

    addAppRoute(app, routes.confirmEmail, { tags }, async (request) =>
      confirmEmailChange(services, request.body.token),
    );

    addAppRoute(app, routes.cancelEmailChangeByLink, { tags }, async (request) =>
      cancelEmailChangeByLink(services, request.body.token),
    );
  };
