import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks (standardwebhooks.com), as Conduit signs its webhooks: `webhook-signature` is
 * `v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed by the bytes
 * after `whsec_`; several signatures (during a secret rotation) are separated by spaces.
 */
const SECRET_PREFIX = 'whsec_';

export function signWebhook(secret: string, id: string, timestampS: number, body: string): string {
  const key = Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampS}.${body}`).digest('base64')}`;
}

/** The three headers of a webhook, as a receiver gets them (any case). */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

/**
 * Whether a webhook came from Conduit: one of its signatures matches (compared in constant time)
 * and its timestamp is within `toleranceS` (5 minutes) of now. Pass the raw body, as received.
 */
export function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  body: string,
  options: { nowS?: number; toleranceS?: number } = {},
): boolean {
  const header = (name: string) => {
    const value = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
    return Array.isArray(value) ? value[0] : value;
  };
  const id = header('webhook-id');
  const timestamp = Number(header('webhook-timestamp'));
  const signatures = header('webhook-signature');
  if (!id || !signatures || !Number.isInteger(timestamp)) return false;
  const nowS = options.nowS ?? Math.floor(Date.now() / 1000);
  if (Math.abs(nowS - timestamp) > (options.toleranceS ?? 300)) return false;
  const expected = Buffer.from(signWebhook(secret, id, timestamp, body));
  return signatures.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
