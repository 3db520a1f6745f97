import { createHmac, timingSafeEqual } from 'node:crypto';
import { WAITLIST_ROUTES } from '@conduit/contracts';

/**
 * The status page is reached only through a link mailed to the address: its token is an HMAC of
 * the normalised address under a key derived from the installation's secret, so knowing an
 * address is not enough to read its position, and nothing needs storing.
 */
function statusToken(secret: string, normalizedEmail: string): string {
  const key = createHmac('sha256', secret).update('waitlist-status-link').digest();
  return createHmac('sha256', key).update(normalizedEmail).digest('base64url');
}

export function isValidStatusToken(secret: string, normalizedEmail: string, token: string): boolean {
  const expected = Buffer.from(statusToken(secret, normalizedEmail));
  const given = Buffer.from(token);
  // Constant-time, so the comparison does not leak how much of a guess was right.
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function statusLink(
  publicUrl: string,
  secret: string,
  email: string,
  normalizedEmail: string,
): string {
  const query = new URLSearchParams({ email, token: statusToken(secret, normalizedEmail) });
  return `${publicUrl}${WAITLIST_ROUTES.status}?${query}`;
}
