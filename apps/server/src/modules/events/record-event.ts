import {
  DEFAULT_ENDPOINT_EVENT_TYPES,
  DEFAULT_TASK_WEBHOOK_FILTERS,
  type EventType,
  type TaskWebhookFilter,
} from '@conduit/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database.ts';
import { type ChannelMessage, EVENTS_CHANNEL } from '../../platform/events-channel.ts';
import { newId } from '../../platform/ids.ts';
import { workspaces } from '../auth/workspace-schema.ts';
import { type WebhookEventRow, webhookDeliveries, webhookEndpoints, webhookEvents } from './schema.ts';

export interface EventInput {
  workspaceId: string;
  type: EventType;
  data: unknown;
  /** What makes the event happen once (`task:<id>:<status>`, `payment:<id>`): a repeat records nothing. */
  dedupeKey: string;
  at: Date;
  isTest?: boolean;
  /**
   * The caller makes the first attempt itself (a test event answers what the endpoint did): the
   * worker leaves the deliveries alone until then, or until this lease ends if the caller dies.
   */
  holdForMs?: number;
  /** A task's callBackUrl and the task events it asked for (`webhookEvents`; the terminal ones when absent). */
  callback?: { url: string; filters?: readonly TaskWebhookFilter[] };
}

export interface EventHooks {
  /** Tells the event streams after the commit (the coalescing publisher); else a NOTIFY in `db`. */
  publish?: (message: ChannelMessage) => void;
}

/** The exact body every delivery of an event posts and signs, and the events API lists. */
export const eventBody = (type: string, at: Date, data: unknown) =>
  JSON.stringify({ type, timestamp: at.toISOString(), data });

/** Whether a task's callBackUrl takes this event: the call's `webhookEvents`, else the terminal ones. */
export const wantsCallback = (type: EventType, callback: EventInput['callback']) => {
  if (!callback || !type.startsWith('task.')) return false;
  const filter = type.slice('task.'.length) as TaskWebhookFilter;
  return (callback.filters ?? DEFAULT_TASK_WEBHOOK_FILTERS).includes(filter);
};

/** The workspace endpoint's URL when it is on and takes this type (a test event goes whatever it chose). */
async function endpointFor(db: DbOrTx, workspaceId: string, type: EventType, isTest: boolean) {
  const [row] = await db
    .select({
      url: workspaces.webhookUrl,
      eventTypes: webhookEndpoints.eventTypes,
      disabledAt: webhookEndpoints.disabledAt,
    })
    .from(workspaces)
    .leftJoin(webhookEndpoints, eq(webhookEndpoints.workspaceId, workspaces.id))
    .where(and(eq(workspaces.id, workspaceId), isNull(workspaces.deletedAt)));
  if (!row?.url || row.disabledAt) return null;
  const types = row.eventTypes ?? DEFAULT_ENDPOINT_EVENT_TYPES;
  return isTest || types.includes(type) ? row.url : null;
}

/**
 * Records one event and its deliveries (docs/product.md, "Webhooks"): to the workspace's endpoint
 * when it takes the type, and to a task's callBackUrl when the call asked for it. Inside a
 * transaction everything commits with the caller's change. Answers null when the event was already
 * recorded (its dedupe key), so racing recorders send it once. The delivery worker picks the
 * deliveries up (`next_attempt_at` is now).
 */
export async function recordEvent(
  db: DbOrTx,
  input: EventInput,
  hooks: EventHooks = {},
): Promise<{ event: WebhookEventRow; deliveryIds: string[] } | null> {
  const [event] = await db
    .insert(webhookEvents)
    .values({
      id: newId('evt'),
      workspaceId: input.workspaceId,
      type: input.type,
      body: eventBody(input.type, input.at, input.data),
      dedupeKey: input.dedupeKey,
      isTest: input.isTest ?? false,
      createdAt: input.at,
    })
    .onConflictDoNothing()
    .returning();
  if (!event) return null;
  const targets: { target: 'endpoint' | 'callback'; url: string }[] = [];
  const endpoint = await endpointFor(db, input.workspaceId, input.type, input.isTest ?? false);
  if (endpoint) targets.push({ target: 'endpoint', url: endpoint });
  if (input.callback && wantsCallback(input.type, input.callback)) {
    targets.push({ target: 'callback', url: input.callback.url });
  }
  const deliveryIds = targets.map(() => newId('whd'));
  if (targets.length > 0) {
    await db.insert(webhookDeliveries).values(
      targets.map((target, index) => ({
        id: deliveryIds[index] as string,
        workspaceId: input.workspaceId,
        eventId: event.id,
        eventType: input.type,
        target: target.target,
        url: target.url,
        nextAttemptAt: new Date(input.at.getTime() + (input.holdForMs ?? 0)),
        createdAt: input.at,
        updatedAt: input.at,
      })),
    );
  }
  const message: ChannelMessage = { kind: 'event', workspaceId: input.workspaceId };
  if (hooks.publish) hooks.publish(message);
  else await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify([message])})`);
  return { event, deliveryIds };
}
