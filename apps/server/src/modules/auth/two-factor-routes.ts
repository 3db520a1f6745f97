import {
  ACCOUNT_ROUTES,
  AUTH_FORM_TEXTS,
  AUTH_ROUTES,
  ACCOUNT_SECURITY_TEXTS as T,
} from '@conduit/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { addAppRoute } from '../../platform/app-route.ts';
import { Unauthorized } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import type { AuthLimits } from './auth-limits.ts';
import { failureBudgetKey } from './known-devices.ts';
import { requireUser, signedIn } from './session-http.ts';
import { clearChallenge, deviceIdOf, readChallenge, spendChallenge, startSession } from './sign-in-http.ts';
import { totpSealKey } from './two-factor.ts';
import {
  assertSecondFactor,
  disableTwoFactor,
  enableTwoFactor,
  readCode,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
} from './two-factor-settings.ts';
import { findUserById, personalWorkspace, toAuthUser } from './users.ts';

/** Two-factor authentication: the second sign-in step, and turning it on and off under Settings. */
export const twoFactorRoutes = (services: Services, limits: AuthLimits): FastifyPluginAsyncZod =>
  async function routes(app) {
    const ctx = { ...services, limits, totpKey: totpSealKey(services.sessionSecret) };

    addAppRoute(app, AUTH_ROUTES.secondStep, { tags: ['auth'] }, async (request, reply) => {
      const challenge = readChallenge(services, request, reply);
      const user = await findUserById(services.db, challenge.userId);
      if (!user?.isActive || !user.totpEnabledAt) throw new Unauthorized(T.twoFactorChallengeExpired);
      const budget = await failureBudgetKey(services.db, user.email, deviceIdOf(request));
      await assertSecondFactor(ctx, user, readCode(request.body.code), budget);
      await spendChallenge(services, user.id, challenge.issuedAt);
      clearChallenge(services, reply);
      await startSession(services, request, reply, user);
      return {
        user: toAuthUser(user, await personalWorkspace(services.db, user.id)),
        message: AUTH_FORM_TEXTS.signedIn,
      };
    });

    await app.register(async (scope) => {
      const account = scope.withTypeProvider<ZodTypeProvider>();
      const tags = ['account'];
      const routes = ACCOUNT_ROUTES;
      account.addHook('preHandler', requireUser(services));
      addAppRoute(account, routes.twoFactor, { tags }, (request) =>
        twoFactorStatus(services, signedIn(request)),
      );
      addAppRoute(account, routes.twoFactorSetup, { tags }, (request) =>
        startTwoFactorSetup(ctx, signedIn(request), request.body.password),
      );
      addAppRoute(account, routes.twoFactorEnable, { tags }, (request) =>
        enableTwoFactor(ctx, signedIn(request), request.body.code),
      );
      addAppRoute(account, routes.twoFactorDisable, { tags }, (request) =>
        disableTwoFactor(ctx, signedIn(request), request.body.code),
      );
      addAppRoute(account, routes.twoFactorRecoveryCodes, { tags }, (request) =>
        regenerateRecoveryCodes(ctx, signedIn(request), request.body.code),
      );
    });
  };
