import {
  APP_PATHS,
  ChangeEmailBody,
  DeleteAccountBody,
  MessageResponse,
  SessionsResponse,
  SetPasswordBody,
  ACCOUNT_SECURITY_TEXTS as T,
} from '@conduit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Forbidden } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import type { AuthLimits } from './auth-limits.ts';
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
    app.addHook('preHandler', requireUser(services));

    app.put(
      APP_PATHS.setPassword.path,
      { schema: { tags, body: SetPasswordBody, response: { 200: MessageResponse } } },
      async (request) => setPassword(ctx, signedIn(request), request.body),
    );

    app.post(
      APP_PATHS.changeEmail.path,
      { schema: { tags, body: ChangeEmailBody, response: { 200: MessageResponse } } },
      async (request) => requestEmailChange(ctx, signedIn(request), request.body),
    );

    app.get(
      APP_PATHS.sessions.path,
      { schema: { tags, response: { 200: SessionsResponse } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { sessions: await listSessions(services.db, services.clock, signedIn(request)) };
      },
    );

    app.delete(
      APP_PATHS.signOutSession.path,
      {
        schema: { tags, params: z.object({ id: z.string().max(100) }), response: { 200: MessageResponse } },
      },
      async (request, reply) => {
        const { message, isCurrent } = await revokeOwnSession(
          services.db,
          signedIn(request),
          request.params.id,
        );
        if (isCurrent) clearSessionCookie(reply, services.config);
        return { message };
      },
    );

    app.post(
      APP_PATHS.signOutOtherSessions.path,
      { schema: { tags, response: { 200: MessageResponse } } },
      async (request) => {
        const { user, sessionId } = signedIn(request);
        await revokeUserSessions(services.db, user.id, sessionId);
        return { message: T.otherSessionsSignedOut };
      },
    );

    app.delete(
      APP_PATHS.deleteAccount.path,
      { schema: { tags, body: DeleteAccountBody.optional(), response: { 200: MessageResponse } } },
      async (request, reply) => {
        const { user } = signedIn(request);
        const result = await guardAttempt(
          limits.passwordFailuresPerAccount,
          user.email,
          () => deleteAccount(services, user.id, request.body ?? {}),
          (error) => error instanceof Forbidden,
        );
        clearSessionCookie(reply, services.config);
        return result;
      },
    );
  };
