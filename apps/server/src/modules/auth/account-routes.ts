import { DeleteAccountBody, MessageResponse, SetPasswordBody } from '@conduit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Forbidden } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import type { AuthLimits } from './auth-limits.ts';
import { deleteAccount } from './delete-account.ts';
import { clearSessionCookie, requireUser, signedIn } from './session-http.ts';
import { setPassword } from './set-password.ts';

/** The signed-in account's own settings: password and deletion (docs/product.md, "App API"). */
export const accountRoutes = (services: Services, limits: AuthLimits): FastifyPluginAsyncZod =>
  async function routes(app) {
    const tags = ['account'];
    app.addHook('preHandler', requireUser(services));

    app.put(
      '/api/password',
      { schema: { tags, body: SetPasswordBody, response: { 200: MessageResponse } } },
      async (request) => {
        const { user, sessionId } = signedIn(request);
        return setPassword(services, { userId: user.id, sessionId }, request.body.newPassword);
      },
    );

    app.delete(
      '/api/account',
      { schema: { tags, body: DeleteAccountBody.optional(), response: { 200: MessageResponse } } },
      async (request, reply) => {
        const { user } = signedIn(request);
        await limits.passwordFailuresPerAccount.assertAllowed(user.email);
        try {
          const result = await deleteAccount(services, user.id, request.body ?? {});
          clearSessionCookie(reply, services.config);
          return result;
        } catch (error) {
          if (error instanceof Forbidden) await limits.passwordFailuresPerAccount.consume(user.email);
          throw error;
        }
      },
    );
  };
