import {
  type LoginResponse,
  ACCOUNT_SECURITY_TEXTS as T,
  TWO_FACTOR_CHALLENGE_TTL_MS,
} from '@conduit/contracts';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Unauthorized } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { newToken } from '../../platform/tokens.ts';
import { noteSignInDevice } from './known-devices.ts';
import { type UserRow, users } from './schema.ts';
import { mailNewSignIn } from './security-mail.ts';
import { sessionCookieOptions, setSessionCookie } from './session-http.ts';
import { createSession } from './sessions.ts';
import { signedJsonCookie } from './signed-cookie.ts';
import { personalWorkspace, toAuthUser } from './users.ts';

const DEVICE_COOKIE = 'conduit_device';
/** Browsers cap cookie lifetimes at 400 days. */
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;
const AUTH_COOKIE_PATH = '/api/auth';
const challengeCookie = signedJsonCookie(
  'conduit_2fa',
  AUTH_COOKIE_PATH,
  TWO_FACTOR_CHALLENGE_TTL_MS / 1000,
  z.object({ userId: z.string(), expiresAt: z.number() }),
);

const userAgentOf = (request: FastifyRequest) => {
  const value = request.headers['user-agent'];
  return typeof value === 'string' ? value : undefined;
};

/** The browser's device cookie, set at its first sign-in (a random token); undefined when absent or malformed. */
export function deviceIdOf(request: FastifyRequest): string | undefined {
  const deviceId = request.cookies[DEVICE_COOKIE];
  return deviceId && deviceId.length <= 100 ? deviceId : undefined;
}

/** Starts a session for the browser; a browser the account has not seen before gets the owner a mail. */
export async function startSession(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
) {
  const userAgent = userAgentOf(request);
  const now = services.clock.now();
  const session = await createSession(services.db, services.clock, {
    userId: user.id,
    ip: request.ip,
    userAgent,
  });
  setSessionCookie(reply, services.config, session);
  let deviceId = deviceIdOf(request);
  if (!deviceId) {
    deviceId = newToken();
    reply.setCookie(DEVICE_COOKIE, deviceId, {
      ...sessionCookieOptions(services.config),
      path: AUTH_COOKIE_PATH,
      maxAge: DEVICE_COOKIE_MAX_AGE_S,
    });
  }
  const { isNewDevice } = await noteSignInDevice(services.db, user.id, deviceId, now);
  if (isNewDevice) mailNewSignIn(services, user.email, { userAgent, ip: request.ip, at: now });
}

/**
 * The end of every sign-in (password, Google, password reset): a session, or, for an account with
 * two-factor authentication, a signed 5-minute challenge cookie that only a right code turns
 * into a session (POST /api/auth/2fa).
 */
export async function finishSignIn(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  message: string,
): Promise<LoginResponse> {
  if (user.totpEnabledAt) {
    challengeCookie.set(reply, services.config, {
      userId: user.id,
      expiresAt: services.clock.now().getTime() + TWO_FACTOR_CHALLENGE_TTL_MS,
    });
    return { twoFactorRequired: true, message: T.twoFactorRequired };
  }
  await startSession(services, request, reply, user);
  return { user: toAuthUser(user, await personalWorkspace(services.db, user.id)), message };
}

/** The account a pending second step belongs to, and when its challenge was issued; 401 when there is none or it expired. */
export function readChallenge(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
): { userId: string; issuedAt: Date } {
  const challenge = challengeCookie.read(request, reply);
  if (!challenge || challenge.expiresAt < services.clock.now().getTime()) {
    throw new Unauthorized(T.twoFactorChallengeExpired);
  }
  return { userId: challenge.userId, issuedAt: new Date(challenge.expiresAt - TWO_FACTOR_CHALLENGE_TTL_MS) };
}

/**
 * Spends a challenge once its second step succeeded: compare-and-set on when the account last
 * passed one, so a challenge (the cookie, copied) never opens a second session with another
 * factor, even two at once. 401 as for an expired challenge when it was spent already.
 */
export async function spendChallenge(services: Services, userId: string, issuedAt: Date): Promise<void> {
  const [spent] = await services.db
    .update(users)
    .set({ twoFactorPassedAt: services.clock.now() })
    .where(
      and(eq(users.id, userId), or(isNull(users.twoFactorPassedAt), lt(users.twoFactorPassedAt, issuedAt))),
    )
    .returning({ id: users.id });
  if (!spent) throw new Unauthorized(T.twoFactorChallengeExpired);
}

export function clearChallenge(services: Services, reply: FastifyReply) {
  challengeCookie.clear(reply, services.config);
}
