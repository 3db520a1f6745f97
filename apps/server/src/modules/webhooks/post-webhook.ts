import type { DbOrTx } from '../../platform/database.ts';
import type { Clock } from '../../platform/services.ts';
import type { UrlGuard } from '../provider/check-input-urls.ts';
import { readSecretGeneration, signingSecrets } from './secret-rotation.ts';
import { signWebhookWithAll } from './signing.ts';

const DELIVERY_TIMEOUT_MS = 10_000;

export interface WebhookPostContext {
  db: DbOrTx;
  /** Read at each delivery: the timestamp and the 24-hour dual signing follow it. */
  clock: Clock;
  sessionSecret: string;
  urlGuard: UrlGuard;
}

export interface SignedWebhook {
  workspaceId: string;
  url: string;
  /** The field the URL came from, named by the SSRF guard's refusals (`callBackUrl`, `webhookUrl`). */
  field: string;
  /** The `webhook-id`: the same on every retry of one event, so receivers can drop repeats. */
  id: string;
  /** The event's type and data; `timestamp` is added, the same moment as the header's. */
  event: { type: string; data: unknown };
}

/**
 * One signed POST (Standard Webhooks), with every signing secret of the workspace at this moment
 * in one `webhook-signature` header. The URL is checked again now and as the socket connects
 * (the name may resolve elsewhere than when it was set: DNS rebinding); a redirect is never
 * followed. Answers the receiver's HTTP status; a network failure throws.
 */
export async function postSignedWebhook(ctx: WebhookPostContext, webhook: SignedWebhook): Promise<number> {
  const now = ctx.clock.now();
  const timestampS = Math.floor(now.getTime() / 1000);
  const body = JSON.stringify({
    type: webhook.event.type,
    timestamp: new Date(timestampS * 1000).toISOString(),
    data: webhook.event.data,
  });
  const secrets = signingSecrets(
    ctx.sessionSecret,
    webhook.workspaceId,
    await readSecretGeneration(ctx.db, webhook.workspaceId),
    now,
  );
  const response = await ctx.urlGuard.fetch(webhook.url, webhook.field, {
    method: 'POST',
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Conduit-Webhooks/1',
      'webhook-id': webhook.id,
      'webhook-timestamp': String(timestampS),
      'webhook-signature': signWebhookWithAll(secrets, webhook.id, timestampS, body),
    },
    body,
  });
  await response.body?.cancel();
  return response.status;
}
