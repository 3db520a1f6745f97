import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_SCHEDULE_S } from '@conduit/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { newId } from '../../platform/ids.ts';
import { workspaces } from '../auth/workspace-schema.ts';
import {
  type WebhookDeliveryRow,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../events/schema.ts';
import { noteEndpointOutcome } from './endpoint-health.ts';
import { isSuccess, type PostOutcome, postSignedWebhook, type WebhookPostContext } from './post-webhook.ts';

export interface DeliveryContext extends WebhookPostContext {
  /** Tells the workspace its endpoint was switched off (a mail). */
  onEndpointDisabled: (workspaceId: string, url: string) => Promise<void>;
}

/** A scheduled attempt holds its delivery this long, so no other worker picks it up meanwhile. */
export const ATTEMPT_LEASE_MS = 120_000;

/** When the schedule tries again after failed attempt number `attempt`; null after the last. */
export function nextRetryAfter(attempt: number, now: Date): Date | null {
  const delayS = WEBHOOK_RETRY_SCHEDULE_S[attempt - 1];
  return attempt >= WEBHOOK_MAX_ATTEMPTS || delayS === undefined
    ? null
    : new Date(now.getTime() + delayS * 1000);
}

/**
 * The URL an attempt goes to now: a callback's own, or the endpoint's as it is set now (a changed
 * URL gets the retries; a removed or switched-off endpoint ends them: null).
 */
async function currentUrl(ctx: DeliveryContext, delivery: WebhookDeliveryRow): Promise<string | null> {
  if (delivery.target === 'callback') return delivery.url;
  const [row] = await ctx.db
    .select({ url: workspaces.webhookUrl, disabledAt: webhookEndpoints.disabledAt })
    .from(workspaces)
    .leftJoin(webhookEndpoints, eq(webhookEndpoints.workspaceId, workspaces.id))
    .where(eq(workspaces.id, delivery.workspaceId));
  return row?.url && !row.disabledAt ? row.url : null;
}

/**
 * One attempt of a delivery, recorded with what the receiver did: a scheduled one (the worker
 * claimed it when due) or a manual Resend (any delivery, any time). Attempt numbers come from one
 * UPDATE, so racing attempts never share one. The delivery's status follows: succeeded on a 2xx;
 * otherwise pending while the schedule has a retry left, failed after the last.
 */
export async function attemptDelivery(
  ctx: DeliveryContext,
  deliveryId: string,
  options: { isManual: boolean },
): Promise<WebhookDeliveryRow | null> {
  const [found] = await ctx.db
    .select({ delivery: webhookDeliveries, body: webhookEvents.body })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!found) return null;
  const url = options.isManual ? found.delivery.url : await currentUrl(ctx, found.delivery);
  const now = ctx.clock.now();
  if (!url) {
    const [ended] = await ctx.db
      .update(webhookDeliveries)
      .set({
        status: 'failed',
        nextAttemptAt: null,
        lastError: 'The endpoint was removed or switched off',
        updatedAt: now,
      })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending')))
      .returning();
    return ended ?? null;
  }
  const [claimed] = await ctx.db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, url, updatedAt: now })
    .where(eq(webhookDeliveries.id, deliveryId))
    .returning({ attempt: webhookDeliveries.attempts, nextAttemptAt: webhookDeliveries.nextAttemptAt });
  if (!claimed) return null;
  const outcome = await postSignedWebhook(ctx, {
    workspaceId: found.delivery.workspaceId,
    url,
    field: found.delivery.target === 'callback' ? 'callBackUrl' : 'webhookUrl',
    id: found.delivery.eventId,
    body: found.body,
  });
  const delivered = await recordAttempt(ctx, found.delivery, claimed, outcome, options.isManual, url);
  if (found.delivery.target === 'endpoint') {
    await noteEndpointOutcome(ctx, found.delivery.workspaceId, url, isSuccess(outcome.status));
  }
  return delivered;
}

async function recordAttempt(
  ctx: DeliveryContext,
  delivery: WebhookDeliveryRow,
  claimed: { attempt: number; nextAttemptAt: Date | null },
  outcome: PostOutcome,
  isManual: boolean,
  url: string,
): Promise<WebhookDeliveryRow> {
  const at = ctx.clock.now();
  const ok = isSuccess(outcome.status);
  // A manual attempt leaves the schedule as it was; a scheduled one moves it on.
  const nextAttemptAt = ok ? null : isManual ? claimed.nextAttemptAt : nextRetryAfter(claimed.attempt, at);
  return ctx.db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      id: newId('wha'),
      deliveryId: delivery.id,
      attempt: claimed.attempt,
      isManual,
      url,
      requestHeaders: outcome.requestHeaders,
      responseStatus: outcome.status,
      error: outcome.error,
      responseBody: outcome.responseBody,
      latencyMs: outcome.latencyMs,
      nextRetryAt: isManual ? null : nextAttemptAt,
      createdAt: at,
    });
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({
        status: ok ? 'succeeded' : nextAttemptAt ? 'pending' : 'failed',
        nextAttemptAt,
        lastResponseStatus: outcome.status,
        lastError: outcome.error,
        updatedAt: at,
      })
      .where(eq(webhookDeliveries.id, delivery.id))
      .returning();
    return updated as WebhookDeliveryRow;
  });
}
