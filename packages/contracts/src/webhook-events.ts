import { z } from 'zod';
import { BalanceLowEvent, WebhookTestEvent } from './alerts.ts';
import { TaskWebhookEvent } from './api-responses.ts';
import {
  EVENT_TYPES,
  EVENTS_PAGE_DEFAULT,
  EVENTS_PAGE_MAX,
  type EventType,
  KEY_EXPIRING_NOTICE_DAYS,
} from './event-types.ts';
import { pageAnswerOf } from './pages.ts';

const accountEvent = <Type extends string, Data extends z.ZodRawShape>(type: Type, data: Data) =>
  z.object({ type: z.literal(type), timestamp: z.iso.datetime(), data: z.object(data) });

export const PaymentSucceededEvent = accountEvent('payment.succeeded', {
  workspaceId: z.string(),
  paymentId: z.string(),
  kind: z.enum(['checkout', 'auto_topup']).describe('A purchase at checkout, or an automatic top-up'),
  credits: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
});
export type PaymentSucceededEvent = z.infer<typeof PaymentSucceededEvent>;

export const AutoTopUpFailedEvent = accountEvent('auto_topup.failed', {
  workspaceId: z.string(),
  paymentId: z.string(),
  message: z.string().describe('Why the card was declined'),
  failuresInARow: z.number().int(),
  isTurnedOff: z.boolean().describe('True when this decline switched automatic top-up off'),
});
export type AutoTopUpFailedEvent = z.infer<typeof AutoTopUpFailedEvent>;

export const KeyExpiringEvent = accountEvent('key.expiring', {
  workspaceId: z.string(),
  keyId: z.string(),
  keyName: z.string(),
  expiresAt: z.iso.datetime(),
});
export type KeyExpiringEvent = z.infer<typeof KeyExpiringEvent>;

/** The body of each event type, as the webhooks post it and the events API lists it. */
export const EVENT_BODIES: Record<EventType, z.ZodType> = {
  'task.started': TaskWebhookEvent,
  'task.completed': TaskWebhookEvent,
  'task.failed': TaskWebhookEvent,
  'task.canceled': TaskWebhookEvent,
  'balance.low': BalanceLowEvent,
  'payment.succeeded': PaymentSucceededEvent,
  'auto_topup.failed': AutoTopUpFailedEvent,
  'key.expiring': KeyExpiringEvent,
  'webhook.test': WebhookTestEvent,
};

export const EVENT_DESCRIPTIONS: Record<EventType, string> = {
  'task.started': 'A paid call was accepted and its task is processing (callBackUrl: only when asked for).',
  'task.completed': 'A task completed: its result URLs are in data.',
  'task.failed': 'A task failed; its credits were refunded.',
  'task.canceled': 'A task was canceled before it finished.',
  'balance.low': "The balance fell below one of the workspace's low-balance alerts.",
  'payment.succeeded': 'A purchase or an automatic top-up was paid and credited.',
  'auto_topup.failed': 'An automatic top-up was declined.',
  'key.expiring': `An API key expires in ${KEY_EXPIRING_NOTICE_DAYS} days.`,
  'webhook.test': 'A test event sent from the Webhooks page, the API or `conduit trigger`.',
};

/** One event as the events API lists it: its id (the deliveries' `webhook-id`) and the body posted. */
export const EventItem = z.object({
  id: z.string().describe('The event id (`evt_...`): every delivery of it carries it as `webhook-id`'),
  type: z.enum(EVENT_TYPES),
  timestamp: z.iso.datetime().describe('When the event happened'),
  data: z.record(z.string(), z.unknown()).describe('Exactly the `data` the webhook carries'),
  isTest: z.boolean().describe('Sent as a test (sample data)'),
});
export type EventItem = z.infer<typeof EventItem>;

export const EventsQuery = z.strictObject({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(EVENTS_PAGE_MAX)
    .default(EVENTS_PAGE_DEFAULT)
    .describe('Events per page'),
  cursor: z.string().max(200).optional().describe('The nextCursor of the previous page'),
  type: z.enum(EVENT_TYPES).optional().describe('Only events of this type'),
  after: z
    .string()
    .max(100)
    .refine((value) => /^evt_[a-z0-9]+$/.test(value) || !Number.isNaN(Date.parse(value)), {
      error: 'must be an event id (evt_...) or an ISO 8601 time',
    })
    .optional()
    .describe('Only events after this event id (`evt_...`) or ISO 8601 time: what a receiver missed'),
});
export type EventsQuery = z.infer<typeof EventsQuery>;

/** Newest first; `nextCursor` pages on to older events, null on the last page (the task list's shape). */
export const EventsAnswer = pageAnswerOf(EventItem);
export type EventsAnswer = z.infer<typeof EventsAnswer>;
