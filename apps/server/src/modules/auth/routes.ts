import {
  AuthProvidersResponse,
  LoginBody,
  LoginResponse,
  AUTH_SERVER_MESSAGES as M,
  MeResponse,
  MessageResponse,
  RegisterBody,
  RegisterResponse,
  ResendVerificationBody,
  ROUTES,
  VerifyEmailResponse,
} from '@conduit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound, Unauthorized } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import type { AuthLimits } from './auth-limits.ts';
import { createGoogleOidc, type OidcTransaction } from './google-oidc.ts';
import { signInWithGoogle } from './google-sign-in.ts';
import { logIn, readLoginFields } from './log-in.ts';
import { registerUser } from './register-user.ts';
import { resendVerification } from './resend-verification.ts';
import {
  clearSessionCookie,
  requireUser,
  SESSION_COOKIE,
  sessionCookieOptions,
  setSessionCookie,
  signedIn,
} from './session-http.ts';
import { createSession, revokeSessionByToken } from './sessions.ts';
import { toAuthUser } from './users.ts';
import { verifyEmail } from './verify-email.ts';

const OIDC_COOKIE = 'conduit_oidc';
const OIDC_COOKIE_PATH = '/api/auth/google';
const OIDC_COOKIE_MAX_AGE_S = 600;
const AUTH_FAILED_PATH = `${ROUTES.home}?error=auth_failed`;

/** Sign-up, verification, sign-in (password and Google) and the session (docs/product.md, "App API"). */
export const authRoutes = (services: Services, limits: AuthLimits): FastifyPluginAsyncZod =>
  async function routes(app) {
    const { config } = services;
    const google = createGoogleOidc(config);
    const tags = ['auth'];
    const startSession = async (
      request: { ip: string; headers: Record<string, unknown> },
      reply: Parameters<typeof setSessionCookie>[0],
      userId: string,
    ) => {
      const userAgent = request.headers['user-agent'];
      const session = await createSession(services.db, services.clock, {
        userId,
        ip: request.ip,
        userAgent: typeof userAgent === 'string' ? userAgent : undefined,
      });
      setSessionCookie(reply, config, session);
    };

    app.get(
      '/api/auth/providers',
      { schema: { tags, response: { 200: AuthProvidersResponse } } },
      async () => ({ google: Boolean(google) }),
    );

    app.post(
      '/api/auth/register',
      { schema: { tags, body: RegisterBody, response: { 201: RegisterResponse } } },
      async (request, reply) => {
        await limits.registerPerIp.consume(request.ip);
        return reply.status(201).send(await registerUser(services, request.body));
      },
    );

    app.post(
      '/api/auth/login',
      { schema: { tags, body: LoginBody, response: { 200: LoginResponse } } },
      async (request, reply) => {
        await limits.loginPerIp.consume(request.ip);
        const { email, password } = readLoginFields(request.body);
        await limits.passwordFailuresPerAccount.assertAllowed(email);
        let user: Awaited<ReturnType<typeof logIn>>;
        try {
          user = await logIn(services, email, password);
        } catch (error) {
          if (error instanceof Unauthorized) await limits.passwordFailuresPerAccount.consume(email);
          throw error;
        }
        await limits.passwordFailuresPerAccount.reset(email);
        await startSession(request, reply, user.id);
        return { user: toAuthUser(user), message: 'Successfully signed in' };
      },
    );

    app.post(
      '/api/auth/logout',
      { schema: { tags, response: { 200: MessageResponse } } },
      async (request, reply) => {
        const token = request.cookies[SESSION_COOKIE];
        if (token) await revokeSessionByToken(services.db, token);
        clearSessionCookie(reply, config);
        return { message: M.signedOut };
      },
    );

    app.get(
      '/api/auth/me',
      { preHandler: requireUser(services), schema: { tags, response: { 200: MeResponse } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { user: toAuthUser(signedIn(request).user) };
      },
    );

    app.get(
      '/api/auth/verify-email',
      {
        schema: {
          tags,
          querystring: z.object({ token: z.string().max(200).optional() }),
          response: { 200: VerifyEmailResponse },
        },
      },
      async (request, reply) => {
        const { signInUserId, ...result } = await verifyEmail(services, request.query.token);
        if (signInUserId) await startSession(request, reply, signInUserId);
        return result;
      },
    );

    app.post(
      '/api/auth/resend-verification',
      { schema: { tags, body: ResendVerificationBody, response: { 200: MessageResponse } } },
      async (request) => {
        await limits.resendPerIp.consume(request.ip);
        const email = request.body.email?.trim().toLowerCase();
        if (email) await limits.resendPerEmail.consume(email);
        const { message } = await resendVerification(services, request.body.email);
        return { message };
      },
    );

    app.get('/api/auth/google', { schema: { tags } }, async (_request, reply) => {
      if (!google) throw new NotFound('Google sign-in is not configured');
      const { url, transaction } = await google.start();
      reply.setCookie(OIDC_COOKIE, JSON.stringify(transaction), {
        ...sessionCookieOptions(config),
        path: OIDC_COOKIE_PATH,
        maxAge: OIDC_COOKIE_MAX_AGE_S,
        signed: true,
      });
      return reply.redirect(url);
    });

    app.get('/api/auth/google/callback', { schema: { hide: true } }, async (request, reply) => {
      reply.clearCookie(OIDC_COOKIE, { ...sessionCookieOptions(config), path: OIDC_COOKIE_PATH });
      try {
        if (!google) throw new NotFound('Google sign-in is not configured');
        const transaction = readOidcTransaction(reply.unsignCookie(request.cookies[OIDC_COOKIE] ?? ''));
        const callbackUrl = new URL(request.url, google.redirectUri);
        const profile = await google.finish(callbackUrl, transaction);
        const user = await signInWithGoogle(services, profile);
        await startSession(request, reply, user.id);
        return reply.redirect(ROUTES.authSuccess);
      } catch (error) {
        request.log.warn({ err: error }, 'google sign-in failed');
        return reply.redirect(AUTH_FAILED_PATH);
      }
    });
  };

const OidcTransactionSchema = z.object({ state: z.string(), nonce: z.string(), codeVerifier: z.string() });

function readOidcTransaction(unsigned: { valid: boolean; value: string | null }): OidcTransaction {
  if (!unsigned.valid || !unsigned.value) throw new Error('Missing or tampered sign-in state cookie');
  return OidcTransactionSchema.parse(JSON.parse(unsigned.value));
}
