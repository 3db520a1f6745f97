import {
  type EventType,
  eventSampleData,
  type SendTestEventResponse,
  WEBHOOK_TEXTS,
  type WebhookTestResponse,
} from '@conduit/contracts';
import { eq } from 'drizzle-orm';
import { BadRequest } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { workspaces } from '../auth/workspace-schema.ts';
import type { EventHooks } from '../events/record-event.ts';
import { recordEvent } from '../events/record-event.ts';
import { ATTEMPT_LEASE_MS, attemptDelivery, type DeliveryContext } from './attempt-delivery.ts';
import { toDelivery } from './delivery-view.ts';

export interface TestEventContext extends DeliveryContext {
  /** Where sample result URLs point. */
  publicUrl: string;
  hooks?: EventHooks;
}

/**
 * A test event of any type with sample data (`conduit trigger`, the Webhooks page): recorded like
 * every event (the event stream and the events API show it, marked as a test) and posted to the
 * workspace's endpoint now, whatever types the endpoint chose, so the answer says what the
 * endpoint did. A failed first attempt is retried on the schedule like any delivery.
 */
export async function sendTestEvent(
  ctx: TestEventContext,
  workspaceId: string,
  type: EventType,
): Promise<SendTestEventResponse> {
  const recorded = await recordEvent(
    ctx.db,
    {
      workspaceId,
      type,
      data: eventSampleData(type, workspaceId, ctx.publicUrl),
      dedupeKey: newId('test'),
      at: ctx.clock.now(),
      isTest: true,
      holdForMs: ATTEMPT_LEASE_MS,
    },
    ctx.hooks,
  );
  if (!recorded) throw new Error('a test event id collided');
  const [deliveryId] = recorded.deliveryIds;
  const delivery = deliveryId ? await attemptDelivery(ctx, deliveryId, { isManual: false }) : null;
  const message = !delivery
    ? WEBHOOK_TEXTS.testSent(type)
    : delivery.lastResponseStatus === null
      ? WEBHOOK_TEXTS.testUnreachable(delivery.lastError ?? 'no answer')
      : delivery.status === 'succeeded'
        ? WEBHOOK_TEXTS.testDelivered(delivery.lastResponseStatus)
        : WEBHOOK_TEXTS.testRefused(delivery.lastResponseStatus);
  return { eventId: recorded.event.id, type, delivery: delivery && toDelivery(delivery), message };
}

/** "Send test event" beside the endpoint on the Credits page: a `webhook.test`, answered as before. */
export async function testEndpoint(ctx: TestEventContext, workspaceId: string): Promise<WebhookTestResponse> {
  const [row] = await ctx.db
    .select({ url: workspaces.webhookUrl })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!row?.url) throw new BadRequest(WEBHOOK_TEXTS.needsEndpoint, 'webhookUrl');
  const sent = await sendTestEvent(ctx, workspaceId, 'webhook.test');
  const status = sent.delivery?.lastResponseStatus ?? null;
  return { isDelivered: sent.delivery?.status === 'succeeded', status, message: sent.message };
}
