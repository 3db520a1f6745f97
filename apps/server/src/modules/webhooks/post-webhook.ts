import { DELIVERY_RESPONSE_MAX_BYTES } from '@conduit/contracts';
import type { DbOrTx } from '../../platform/database.ts';
import type { Clock } from '../../platform/services.ts';
import { readSecretGeneration, signingSecrets } from '../events/secret-rotation.ts';
import { signWebhookWithAll } from '../events/signing.ts';
import type { UrlGuard } from '../provider/check-input-urls.ts';

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
  /** The `webhook-id`: the event's id, the same on every attempt, so receivers can drop repeats. */
  id: string;
  /** The exact body to post and sign. */
  body: string;
}

/** What one attempt sent and what came back: a status, or why none came. */
export interface PostOutcome {
  requestHeaders: Record<string, string>;
  status: number | null;
  error: string | null;
  responseBody: string | null;
  latencyMs: number;
}

export const isSuccess = (status: number | null) => status !== null && status >= 200 && status < 300;

/** Why a post got no answer, in words for the delivery log. */
export function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer within 10 seconds';
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** The answer's first bytes, as text (the delivery log keeps 2 KB). */
async function readStart(response: Response | import('undici').Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < DELIVERY_RESPONSE_MAX_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).subarray(0, DELIVERY_RESPONSE_MAX_BYTES).toString('utf8');
}

/** The Standard Webhooks headers of one attempt, signed with every secret of the workspace now. */
export async function signedHeaders(ctx: WebhookPostContext, webhook: Omit<SignedWebhook, 'url' | 'field'>) {
  const now = ctx.clock.now();
  const timestampS = Math.floor(now.getTime() / 1000);
  const secrets = signingSecrets(
    ctx.sessionSecret,
    webhook.workspaceId,
    await readSecretGeneration(ctx.db, webhook.workspaceId),
    now,
  );
  return {
    'content-type': 'application/json',
    'user-agent': 'Conduit-Webhooks/1',
    'webhook-id': webhook.id,
    'webhook-timestamp': String(timestampS),
    'webhook-signature': signWebhookWithAll(secrets, webhook.id, timestampS, webhook.body),
  };
}

/**
 * One signed POST (Standard Webhooks), with every signing secret of the workspace at this moment
 * in one `webhook-signature` header. The URL is checked again now and as the socket connects
 * (the name may resolve elsewhere than when it was set: DNS rebinding); a redirect is never
 * followed. Never throws: a refused address or a network failure is the outcome's `error`.
 */
export async function postSignedWebhook(
  ctx: WebhookPostContext,
  webhook: SignedWebhook,
): Promise<PostOutcome> {
  const requestHeaders = await signedHeaders(ctx, webhook);
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    const response = await ctx.urlGuard.fetch(webhook.url, webhook.field, {
      method: 'POST',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      headers: requestHeaders,
      body: webhook.body,
    });
    const latencyMs = latency();
    const responseBody = await readStart(response).catch(() => '');
    return { requestHeaders, status: response.status, error: null, responseBody, latencyMs };
  } catch (error) {
    return { requestHeaders, status: null, error: reasonOf(error), responseBody: null, latencyMs: latency() };
  }
}
