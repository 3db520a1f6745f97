/* Plain values (no zod), so pages that only list event types load no schema code. */

/**
 * Every event a workspace's webhooks carry (docs/product.md, "Webhooks"): one list, read by the
 * server, the events API, the OpenAPI `webhooks` section, the Webhooks page and the CLI.
 */
export const TASK_EVENT_TYPES = ['task.started', 'task.completed', 'task.failed', 'task.canceled'] as const;
export const ACCOUNT_EVENT_TYPES = [
  'balance.low',
  'payment.succeeded',
  'auto_topup.failed',
  'key.expiring',
] as const;
export const EVENT_TYPES = [...TASK_EVENT_TYPES, ...ACCOUNT_EVENT_TYPES, 'webhook.test'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const isEventType = (value: string): value is EventType => EVENT_TYPES.includes(value as EventType);

/**
 * Whether an endpoint with these event types receives task events (calls and their results): such
 * an endpoint is changed only by a role that may see calls (docs/product.md, "Teams").
 */
export const carriesTaskEvents = (eventTypes: readonly string[]) =>
  eventTypes.some((type) => (TASK_EVENT_TYPES as readonly string[]).includes(type));

/** What a paid call's `webhookEvents` may name: the task events, without their `task.` prefix. */
export const TASK_WEBHOOK_FILTERS = ['started', 'completed', 'failed', 'canceled'] as const;
export type TaskWebhookFilter = (typeof TASK_WEBHOOK_FILTERS)[number];
/** Without `webhookEvents`, a callBackUrl hears how the task ended (as before the filter existed). */
export const DEFAULT_TASK_WEBHOOK_FILTERS: readonly TaskWebhookFilter[] = ['completed', 'failed', 'canceled'];
/** Without a choice, the workspace endpoint gets the account events (as before subscriptions existed). */
export const DEFAULT_ENDPOINT_EVENT_TYPES: readonly EventType[] = ACCOUNT_EVENT_TYPES;

/**
 * The event of a task's status, generic over the statuses: `processing` is `task.started`, a
 * terminal status `task.<status>` when that is an event type, and any other terminal status (one
 * added later, such as an abort by the platform) `task.failed`.
 */
export function taskEventTypeOf(status: string): (typeof TASK_EVENT_TYPES)[number] {
  if (status === 'processing') return 'task.started';
  const type = `task.${status}`;
  return (TASK_EVENT_TYPES as readonly string[]).includes(type)
    ? (type as (typeof TASK_EVENT_TYPES)[number])
    : 'task.failed';
}

/**
 * When a failed delivery is tried again, counted from the attempt before (docs/decisions/0015-webhook-delivery-log.md):
 * the first attempt at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 24 h and 30 h, so the
 * last of 9 attempts comes about 3 days after the event, as Stripe's schedule does.
 */
export const WEBHOOK_RETRY_SCHEDULE_S = [5, 300, 1_800, 7_200, 18_000, 36_000, 86_400, 108_000] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_SCHEDULE_S.length + 1;
/** An endpoint that has answered nothing but failures this long is switched off, with a mail. */
export const ENDPOINT_DISABLE_AFTER_DAYS = 3;
export const EVENT_RETENTION_DAYS = 30;
/** `key.expiring` is sent this long before a key's expiry. */
export const KEY_EXPIRING_NOTICE_DAYS = 7;
/** The delivery log keeps this much of each answer's body. */
export const DELIVERY_RESPONSE_MAX_BYTES = 2048;
export const EVENTS_PAGE_MAX = 100;
export const EVENTS_PAGE_DEFAULT = 20;
