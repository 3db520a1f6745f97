import type { Redis } from 'ioredis';
import { createLimiter } from '../../platform/rate-limiter.ts';

const HOUR_S = 60 * 60;
const TOO_MANY = 'Too many requests from your network. Please wait a while and try again.';

/** Abuse limits of the public waitlist endpoints (docs/waitlist.md, "Referrals and abuse"). */
export function createWaitlistLimits(store: { redis?: Redis; prefix: string }) {
  const limit = (keyPrefix: string, points: number, durationS: number) =>
    createLimiter(store, { keyPrefix, points, durationS }, TOO_MANY);
  return {
    /** Joins from one IP: 20 per hour (an office behind one address, not a script). */
    joinPerIp: limit('waitlist-join-ip', 20, HOUR_S),
    /** Confirmation and status mails: 3 per address and 20 per IP per hour. */
    resendPerEmail: limit('waitlist-resend-email', 3, HOUR_S),
    resendPerIp: limit('waitlist-resend-ip', 20, HOUR_S),
    /** "Already on the list?" checks from one IP: 60 per hour (enough for a form, not for a list of addresses). */
    checkPerIp: limit('waitlist-check-ip', 60, HOUR_S),
    /** Status look-ups and confirmations from one IP: 300 per hour. */
    readPerIp: limit('waitlist-read-ip', 300, HOUR_S),
    /** Contact Sales messages from one IP: 5 per hour. */
    contactPerIp: limit('contact-sales-ip', 5, HOUR_S),
  };
}
export type WaitlistLimits = ReturnType<typeof createWaitlistLimits>;
