import {
  APP_PATHS,
  ForgotPasswordBody,
  LoginResponse,
  MessageResponse,
  ResetPasswordBody,
  ACCOUNT_SECURITY_TEXTS as T,
  TokenBody,
} from '@conduit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../platform/services.ts';
import type { AuthLimits } from './auth-limits.ts';
import { confirmEmailChange } from './change-email.ts';
import { forgotPassword } from './forgot-password.ts';
import { resetPassword } from './reset-password.ts';
import { finishSignIn } from './sign-in-http.ts';

/** Links mailed to prove an address: forgotten passwords and address changes. */
export const passwordResetRoutes = (services: Services, limits: AuthLimits): FastifyPluginAsyncZod =>
  async function routes(app) {
    const tags = ['auth'];

    app.post(
      APP_PATHS.forgotPassword.path,
      { schema: { tags, body: ForgotPasswordBody, response: { 200: MessageResponse } } },
      async (request) => {
        await limits.resetPerIp.consume(request.ip);
        const email = request.body.email?.trim().toLowerCase();
        if (email) await limits.resetPerEmail.consume(email);
        const { message } = forgotPassword(services, request.body.email);
        return { message };
      },
    );

    app.post(
      APP_PATHS.resetPassword.path,
      { schema: { tags, body: ResetPasswordBody, response: { 200: LoginResponse } } },
      async (request, reply) => {
        await limits.resetPerIp.consume(request.ip);
        const user = await resetPassword(services, request.body);
        return finishSignIn(services, request, reply, user, T.resetDone);
      },
    );

    app.post(
      APP_PATHS.confirmEmail.path,
      { schema: { tags, body: TokenBody, response: { 200: MessageResponse } } },
      async (request) => confirmEmailChange(services, request.body.token),
    );
  };
