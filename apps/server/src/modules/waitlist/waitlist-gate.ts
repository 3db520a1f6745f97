import { ADMIN_ROLES, normalizeEmail, WAITLIST_TEXTS } from '@conduit/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { findUserByEmail } from '../auth/users.ts';

const REGISTER = 'POST /api/auth/register';
const LOGIN = 'POST /api/auth/login';
const GOOGLE_START = 'GET /api/auth/google';
const FORGOT_PASSWORD = 'POST /api/auth/forgot-password';

const bodyEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? normalizeEmail(email) : '';
};

/**
 * In waitlist mode the site is closed to the public: sign-up, sign-in and password reset answer 403 with a clear
 * message, except for the operators (ADMIN_EMAILS, or an account with an admin role), who still
 * need a session to run the admin API (docs/waitlist.md, "Waitlist mode and accounts").
 */
export function registerWaitlistGate(app: FastifyInstance, services: Services) {
  if (!services.config.WAITLIST_MODE) return;
  const { config } = services;
  app.addHook('preHandler', async (request) => {
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    if (![REGISTER, LOGIN, GOOGLE_START, FORGOT_PASSWORD].includes(route)) return;
    const email = bodyEmail(request);
    if (email && config.ADMIN_EMAILS.includes(email)) return;
    if ((route === LOGIN || route === FORGOT_PASSWORD) && email) {
      const user = await findUserByEmail(services.db, email);
      if (user && ADMIN_ROLES.includes(user.role)) return;
    }
    throw new Forbidden(WAITLIST_TEXTS.signupClosed);
  });
}
