import { AUTH_FORM_TEXTS, AUTH_ROUTES, AUTH_SERVER_MESSAGES as M, ROUTES } from '@conduit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addAppRoute } from '../../platform/app-route.ts';
import { NotFound } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { type AuthLimits, addMailRequestRoute } from './auth-limits.ts';
import { createGoogleOidc } from './google-oidc.ts';
import { signInWithGoogle } from './google-sign-in.ts';
import { guardAttempt } from './guard-attempt.ts';
import { failureBudgetKey } from './known-devices.ts';
import { logIn, readLoginFields } from './log-in.ts';
import { registerUser } from './register-user.ts';
import { resendVerification } from './resend-verification.ts';
import {
  clearSessionCookie,
  readSession,
  requireUser,
  SESSION_COOKIE,
  sessionCookieOptions,
  signedIn,
} from './session-http.ts';
import { revokeSessionByToken } from './sessions.ts';
import { deviceIdOf, finishSignIn } from './sign-in-http.ts';
import { signedJsonCookie } from './signed-cookie.ts';
import { toAuthUser } from './users.ts';
import { type VerifyProof, verifyEmail } from './verify-email.ts';

/** The Google sign-in transaction, kept by the browser for the 10 minutes the round trip may take. */
const oidcCookie = signedJsonCookie(
  'conduit_oidc',
  '/api/auth/google',
  600,
  z.object({ state: z.string(), nonce: z.string(), codeVerifier: z.string() }),
);
const AUTH_FAILED_PATH = `${ROUTES.home}?error=auth_failed`;
/** Names the account this browser signed up for, so its own verification link needs no password. */
const SIGNUP_COOKIE = 'conduit_signup';
const SIGNUP_COOKIE_PATH = '/api/auth';
const SIGNUP_COOKIE_MAX_AGE_S = 24 * 60 * 60;

/** Sign-up, verification, sign-in (password and Google) and the session (docs/product.md, "App API"). */
export const authRoutes = (services: Services, limits: AuthLimits): FastifyPluginAsyncZod =>
  async function routes(app) {
    const { config } = services;
    const google = createGoogleOidc(config);
    const tags = ['auth'];
    const routes = AUTH_ROUTES;
    addAppRoute(app, routes.providers, { tags }, async () => ({
      google: Boolean(google),
    }));

    addAppRoute(app, routes.register, { tags, status: 201 }, async (request, reply) => {
      await limits.registerPerIp.consume(request.ip);
      const registered = await registerUser(services, request.body);
      reply.setCookie(SIGNUP_COOKIE, registered.user._id, {
        ...sessionCookieOptions(config),
        path: SIGNUP_COOKIE_PATH,
        maxAge: SIGNUP_COOKIE_MAX_AGE_S,
        signed: true,
      });
      return reply.status(201).send(registered);
    });

    addAppRoute(app, routes.login, { tags }, async (request, reply) => {
      await limits.loginPerIp.consume(request.ip);
      const { email, password } = readLoginFields(request.body);
      const budget = await failureBudgetKey(services.db, email, deviceIdOf(request));
      const user = await guardAttempt(limits.passwordFailuresPerAccount, budget, () =>
        logIn(services, email, password),
      );
      return finishSignIn(services, request, reply, user, AUTH_FORM_TEXTS.signedIn);
    });

    addAppRoute(app, routes.logout, { tags }, async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await revokeSessionByToken(services.db, token);
      clearSessionCookie(reply, config);
      return { message: M.signedOut };
    });

    // The same question without the 401: the web app's session check on every page load.
    addAppRoute(app, routes.session, { tags }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const session = await readSession(services, request);
      return { user: session ? toAuthUser(session.user, session.workspace) : null };
    });

    addAppRoute(app, routes.me, { tags, preHandler: requireUser(services) }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { user, workspace } = signedIn(request);
      return { user: toAuthUser(user, workspace) };
    });

    const verifyAndSignIn = async (
      request: FastifyRequest,
      reply: FastifyReply,
      token: string | undefined,
      proof: Omit<VerifyProof, 'signupUserId'>,
    ) => {
      const signup = reply.unsignCookie(request.cookies[SIGNUP_COOKIE] ?? '');
      const { signInUser, ...result } = await verifyEmail({ ...services, limits }, token, {
        ...proof,
        signupUserId: signup.valid ? (signup.value ?? undefined) : undefined,
      });
      if (signInUser) {
        reply.clearCookie(SIGNUP_COOKIE, { ...sessionCookieOptions(config), path: SIGNUP_COOKIE_PATH });
        await finishSignIn(services, request, reply, signInUser, AUTH_FORM_TEXTS.signedIn);
      }
      return result;
    };

    addAppRoute(app, routes.verifyEmail, { tags }, async (request, reply) =>
      verifyAndSignIn(request, reply, request.query.token, {}),
    );

    addAppRoute(app, routes.answerVerification, { tags }, async (request, reply) => {
      const { token, password, disown } = request.body;
      return verifyAndSignIn(request, reply, token, { password, disown });
    });

    addMailRequestRoute(app, routes.resendVerification, limits.resendMail, (email) =>
      resendVerification(services, email),
    );

    addAppRoute(app, routes.googleStart, { tags }, async (_request, reply) => {
      if (!google) throw new NotFound('Google sign-in is not configured');
      const { url, transaction } = await google.start();
      oidcCookie.set(reply, config, transaction);
      return reply.redirect(url);
    });

    app.get(routes.googleCallback.path, { schema: { hide: true } }, async (request, reply) => {
      oidcCookie.clear(reply, config);
      try {
        if (!google) throw new NotFound('Google sign-in is not configured');
        const transaction = oidcCookie.read(request, reply);
        if (!transaction) throw new Error('Missing or tampered sign-in state cookie');
        const callbackUrl = new URL(request.url, google.redirectUri);
        const profile = await google.finish(callbackUrl, transaction);
        const user = await signInWithGoogle(services, profile);
        const result = await finishSignIn(services, request, reply, user, AUTH_FORM_TEXTS.signedIn);
        return reply.redirect('twoFactorRequired' in result ? ROUTES.twoFactor : ROUTES.authSuccess);
      } catch (error) {
        request.log.warn({ err: error }, 'google sign-in failed');
        return reply.redirect(AUTH_FAILED_PATH);
      }
    });
  };
