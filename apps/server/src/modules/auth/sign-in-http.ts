import {
  type LoginResponse,
  ACCOUNT_SECURITY_TEXTS as T,
  TWO_FACTOR_CHALLENGE_TTL_MS,
} from '@conduit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Unauthorized } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { newToken } from '../../platform/tokens.ts';
import { noteSignInDevice } from './known-devices.ts';
import type { UserRow } from './schema.ts';
import { mailNewSignIn } from './security-mail.ts';
import { sessionCookieOptions, setSessionCookie } from './session-http.ts';
import { createSession } from './sessions.ts';
import { personalWorkspace, toAuthUser } from './users.ts';

const DEVICE_COOKIE = 'conduit_device';
/** Browsers cap cookie lifetimes at 400 days. */
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;
const CHALLENGE_COOKIE = 'conduit_2fa';
const AUTH_COOKIE_PATH = '/api/auth';

const userAgentOf = (request: FastifyRequest) => {
  const value = request.headers['user-agent'];
  return typeof value === 'string' ? value : undefined;
};

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
  let deviceId = request.cookies[DEVICE_COOKIE];
  if (!deviceId || deviceId.length > 100) {
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

const Challenge = z.object({ userId: z.string(), expiresAt: z.number() });

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
    const challenge = {
      userId: user.id,
      expiresAt: services.clock.now().getTime() + TWO_FACTOR_CHALLENGE_TTL_MS,
    };
    reply.setCookie(CHALLENGE_COOKIE, JSON.stringify(challenge), {
      ...sessionCookieOptions(services.config),
      path: AUTH_COOKIE_PATH,
      maxAge: TWO_FACTOR_CHALLENGE_TTL_MS / 1000,
      signed: true,
    });
    return { twoFactorRequired: true, message: T.twoFactorRequired };
  }
  await startSession(services, request, reply, user);
  return { user: toAuthUser(user, await personalWorkspace(services.db, user.id)), message };
}

/** The account a pending second step belongs to; 401 when there is none or it expired. */
export function readChallenge(services: Services, request: FastifyRequest, reply: FastifyReply): string {
  const unsigned = reply.unsignCookie(request.cookies[CHALLENGE_COOKIE] ?? '');
  const parsed = unsigned.valid && unsigned.value ? Challenge.safeParse(safeJson(unsigned.value)) : undefined;
  if (!parsed?.success || parsed.data.expiresAt < services.clock.now().getTime()) {
    throw new Unauthorized(T.twoFactorChallengeExpired);
  }
  return parsed.data.userId;
}

export function clearChallenge(services: Services, reply: FastifyReply) {
  reply.clearCookie(CHALLENGE_COOKIE, { ...sessionCookieOptions(services.config), path: AUTH_COOKIE_PATH });
}

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}
