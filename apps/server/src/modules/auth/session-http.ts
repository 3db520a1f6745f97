import { ACCOUNT_SECURITY_TEXTS, ADMIN_ROLES, ERROR_CODES, MESSAGES } from '@conduit/contracts';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config.ts';
import { Forbidden, Unauthorized } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { type ActiveSession, findActiveSession, SESSION_TTL_MS, type SessionInfo } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, set by `requireUser`. */
    auth?: ActiveSession;
  }
}

export const SESSION_COOKIE = 'conduit_session';

/** HttpOnly (no script can read it), SameSite=Lax, Secure whenever the site is served over HTTPS. */
export const sessionCookieOptions = (config: Pick<Config, 'PUBLIC_URL'>): CookieSerializeOptions => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: config.PUBLIC_URL.startsWith('https://'),
});

export function setSessionCookie(reply: FastifyReply, config: Config, session: SessionInfo) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    ...sessionCookieOptions(config),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(config));
}

/** The session token of a request: the cookie, or for scripts `Authorization: Bearer <token>`. */
function sessionToken(request: FastifyRequest, allowBearer: boolean): string | undefined {
  const cookie = request.cookies[SESSION_COOKIE];
  if (cookie) return cookie;
  if (!allowBearer) return undefined;
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() || undefined : undefined;
}

export async function readSession(services: Services, request: FastifyRequest, allowBearer = false) {
  const token = sessionToken(request, allowBearer);
  if (!token) return null;
  return findActiveSession(services.db, services.clock, token);
}

/** preHandler for routes that need a signed-in account; 401 otherwise. */
export const requireUser = (services: Services) =>
  async function requireUserHook(request: FastifyRequest) {
    const session = await readSession(services, request);
    if (!session) throw new Unauthorized();
    request.auth = session;
  };

/**
 * preHandler for admin routes: 401 without a session, 403 for anyone but admin and super_admin,
 * and (ADMIN_REQUIRE_2FA, on in production) 403 TWO_FACTOR_REQUIRED for an admin without 2FA.
 * Besides the cookie it accepts the session token as a bearer token, for operators' scripts.
 */
export const requireAdmin = (services: Services) =>
  async function requireAdminHook(request: FastifyRequest) {
    const session = await readSession(services, request, true);
    if (!session) throw new Unauthorized();
    if (!ADMIN_ROLES.includes(session.user.role)) throw new Forbidden(MESSAGES.adminRequired);
    if (services.config.ADMIN_REQUIRE_2FA && !session.user.totpEnabledAt) {
      throw new Forbidden(ACCOUNT_SECURITY_TEXTS.adminNeedsTwoFactor, ERROR_CODES.TWO_FACTOR_REQUIRED);
    }
    request.auth = session;
  };

/** The signed-in account of a route behind `requireUser`. */
export function signedIn(request: FastifyRequest): ActiveSession {
  if (!request.auth) throw new Unauthorized();
  return request.auth;
}
