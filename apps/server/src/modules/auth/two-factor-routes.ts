import {
  APP_PATHS,
  AUTH_FORM_TEXTS,
  LoginResponse,
  MessageResponse,
  ReauthBody,
  ACCOUNT_SECURITY_TEXTS as T,
  TwoFactorCodeBody,
  TwoFactorEnabledResponse,
  TwoFactorSetupResponse,
  TwoFactorStatusResponse,
} from '@conduit/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { Unauthorized } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import type { AuthLimits } from './auth-limits.ts';
import { requireUser, signedIn } from './session-http.ts';
import { clearChallenge, readChallenge, startSession } from './sign-in-http.ts';
import { totpSealKey } from './two-factor.ts';
import {
  assertSecondFactor,
  disableTwoFactor,
  enableTwoFactor,
  readCode,
  startTwoFactorSetup,
  twoFactorStatus,
} from './two-factor-settings.ts';
import { findUserById, personalWorkspace, toAuthUser } from './users.ts';

/** Two-factor authentication: the second sign-in step, and turning it on and off under Settings. */
export const twoFactorRoutes = (services: Services, limits: AuthLimits): FastifyPluginAsyncZod =>
  async function routes(app) {
    const ctx = { ...services, limits, totpKey: totpSealKey(services.sessionSecret) };

    app.post(
      APP_PATHS.signInSecondStep.path,
      { schema: { tags: ['auth'], body: TwoFactorCodeBody, response: { 200: LoginResponse } } },
      async (request, reply) => {
        const user = await findUserById(services.db, readChallenge(services, request, reply));
        if (!user?.isActive || !user.totpEnabledAt) throw new Unauthorized(T.twoFactorChallengeExpired);
        await assertSecondFactor(ctx, user, readCode(request.body.code));
        clearChallenge(services, reply);
        await startSession(services, request, reply, user);
        return {
          user: toAuthUser(user, await personalWorkspace(services.db, user.id)),
          message: AUTH_FORM_TEXTS.signedIn,
        };
      },
    );

    await app.register(async (scope) => {
      const account = scope.withTypeProvider<ZodTypeProvider>();
      const tags = ['account'];
      account.addHook('preHandler', requireUser(services));
      account.get(
        APP_PATHS.twoFactor.path,
        { schema: { tags, response: { 200: TwoFactorStatusResponse } } },
        (request) => twoFactorStatus(services, signedIn(request)),
      );
      account.post(
        APP_PATHS.twoFactorSetup.path,
        { schema: { tags, body: ReauthBody, response: { 200: TwoFactorSetupResponse } } },
        (request) => startTwoFactorSetup(ctx, signedIn(request), request.body.password),
      );
      account.post(
        APP_PATHS.twoFactorEnable.path,
        { schema: { tags, body: TwoFactorCodeBody, response: { 200: TwoFactorEnabledResponse } } },
        (request) => enableTwoFactor(ctx, signedIn(request), request.body.code),
      );
      account.post(
        APP_PATHS.twoFactorDisable.path,
        { schema: { tags, body: TwoFactorCodeBody, response: { 200: MessageResponse } } },
        (request) => disableTwoFactor(ctx, signedIn(request), request.body.code),
      );
    });
  };
