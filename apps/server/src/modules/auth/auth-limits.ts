import { type AUTH_ROUTES, AUTH_SERVER_MESSAGES as M, normalizeEmail } from '@conduit/contracts';
import type { Redis } from 'ioredis';
import { addAppRoute, type ZodApp } from '../../platform/app-route.ts';
import { createLimiter, type Limiter } from '../../platform/rate-limiter.ts';

const MINUTE_S = 60;
const HOUR_S = 60 * MINUTE_S;

/**
 * Brute-force and abuse limits of the account endpoints
 * (docs/decisions/0005-accounts-and-sessions.md). Per IP they are generous enough for an office
 * behind one address; per account they stop password guessing.
 */
export function createAuthLimits(store: { redis?: Redis; prefix: string }, signupsPerIpPerHour = 30) {
  const limit = (keyPrefix: string, points: number, durationS: number, blockDurationS?: number) =>
    createLimiter(store, { keyPrefix, points, durationS, blockDurationS }, M.tooManyAttempts);
  return {
    /** Every login attempt from one IP: 100 per 15 minutes. */
    loginPerIp: limit('login-ip', 100, 15 * MINUTE_S),
    /**
     * Wrong passwords and wrong two-factor codes against one account: 10, then refused for 15
     * minutes. Each check reserves its point before it runs (guard-attempt.ts), so a burst cannot
     * get more than 10 guesses evaluated.
     */
    passwordFailuresPerAccount: limit('login-account', 10, 15 * MINUTE_S, 15 * MINUTE_S),
    /** Sign-ups from one IP: SIGNUPS_PER_IP_PER_HOUR (30 by default) per hour. */
    registerPerIp: limit('register-ip', signupsPerIpPerHour, HOUR_S),
    /** Verification mails: 3 per address and 20 per IP per hour. */
    resendMail: { perEmail: limit('resend-email', 3, HOUR_S), perIp: limit('resend-ip', 20, HOUR_S) },
    /** Password reset mails: 3 per address and 20 per IP per hour (the reset itself: per IP too). */
    resetMail: { perEmail: limit('reset-email', 3, HOUR_S), perIp: limit('reset-ip', 20, HOUR_S) },
    /** Address changes requested by one account: 5 per hour. */
    emailChangePerAccount: limit('email-change', 5, HOUR_S),
  };
}
export type AuthLimits = ReturnType<typeof createAuthLimits>;

/**
 * Registers a request for a mail to an address (a verification link, a reset link): the request
 * counts against the IP's limit and, when the body names an address, against the address's; then
 * `send` runs and its message is the answer.
 */
export function addMailRequestRoute(
  app: ZodApp,
  route: typeof AUTH_ROUTES.forgotPassword | typeof AUTH_ROUTES.resendVerification,
  limits: { perIp: Limiter; perEmail: Limiter },
  send: (email: string | undefined) => { message: string } | Promise<{ message: string }>,
) {
  addAppRoute(app, route, { tags: ['auth'] }, async (request) => {
    await limits.perIp.consume(request.ip);
    const address = request.body.email && normalizeEmail(request.body.email);
    if (address) await limits.perEmail.consume(address);
    const { message } = await send(request.body.email);
    return { message };
  });
}
