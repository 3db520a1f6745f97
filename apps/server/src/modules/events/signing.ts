import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks (standardwebhooks.com): `webhook-id`, `webhook-timestamp` (unix seconds) and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed by the bytes behind
 * a `whsec_` secret. Any Standard Webhooks library verifies our calls.
 */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/**
 * Each workspace's signing secret, derived (not stored) from SESSION_SECRET, the workspace id and
 * the secret's generation. Generation 0 is the derivation from before rotation existed, byte for
 * byte, so receivers set up then keep working; each rotation adds one (secret-rotation.ts).
 */
export function webhookSecretFor(sessionSecret: string, workspaceId: string, version = 0): string {
  const input =
    version === 0 ? `webhook-signing:${workspaceId}` : `webhook-signing:${workspaceId}:v${version}`;
  const key = createHmac('sha256', sessionSecret).update(input).digest();
  return `${WEBHOOK_SECRET_PREFIX}${key.toString('base64')}`;
}

export function signWebhook(secret: string, id: string, timestampS: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampS}.${body}`).digest('base64')}`;
}

/**
 * The `webhook-signature` header for several secrets (the new and the previous during the
 * 24 hours after a rotation): one signature each, space-separated, as Standard Webhooks allows.
 */
export const signWebhookWithAll = (secrets: string[], id: string, timestampS: number, body: string) =>
  secrets.map((secret) => signWebhook(secret, id, timestampS, body)).join(' ');

/** What a receiver does (our docs show it): recompute, compare in constant time, refuse stale calls. */
export function verifyWebhook(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  options: { nowS?: number; toleranceS?: number } = {},
): boolean {
  const timestampS = Number(headers.timestamp);
  const nowS = options.nowS ?? Math.floor(Date.now() / 1000);
  if (!Number.isInteger(timestampS) || Math.abs(nowS - timestampS) > (options.toleranceS ?? 300))
    return false;
  const expected = Buffer.from(signWebhook(secret, headers.id, timestampS, body));
  return headers.signature.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
