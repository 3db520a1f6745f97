import { z } from 'zod';
import { EVENT_TYPES } from './event-types.ts';
import { pageOf, pageQuery } from './pages.ts';

/** The delivery log (docs/product.md, "Webhooks"): each event on its way to one URL, and its attempts. */
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const WebhookAttempt = z.object({
  attempt: z.number().int(),
  isManual: z.boolean().describe('A Resend, not the schedule'),
  at: z.iso.datetime(),
  url: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  responseStatus: z.number().int().nullable().describe('The HTTP status; null when no answer came'),
  error: z.string().nullable().describe('Why no answer came (refused, timed out)'),
  responseBody: z.string().nullable().describe('The first 2 KB of the answer'),
  latencyMs: z.number().int(),
  nextRetryAt: z.iso.datetime().nullable(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookDelivery = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.enum(EVENT_TYPES),
  target: z.enum(['endpoint', 'callback']).describe("The workspace's endpoint, or a task's callBackUrl"),
  url: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastResponseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryDetail = WebhookDelivery.extend({
  /** The body every attempt posted (the same bytes each time). */
  requestBody: z.string(),
  attemptLog: z.array(WebhookAttempt),
});
export type WebhookDeliveryDetail = z.infer<typeof WebhookDeliveryDetail>;

const dateFilter = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }).optional();
export const DeliveriesQuery = z.object({
  status: z.enum(DELIVERY_STATUSES).optional(),
  eventType: z.enum(EVENT_TYPES).optional(),
  /** Deliveries made on or after this day (UTC). */
  from: dateFilter,
  /** Deliveries made on or before this day (UTC). */
  to: dateFilter,
  ...pageQuery(100, 25).shape,
});
export type DeliveriesQuery = z.infer<typeof DeliveriesQuery>;

export const DeliveriesResponse = pageOf('deliveries', WebhookDelivery);
export type DeliveriesResponse = z.infer<typeof DeliveriesResponse>;

export const DeliveryParams = z.object({ id: z.string().min(1).max(100) });

export const ResendResponse = z.object({
  delivery: WebhookDeliveryDetail,
  message: z.string(),
});
export type ResendResponse = z.infer<typeof ResendResponse>;

export const SendTestEventBody = z.strictObject({
  type: z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(', ')}` }).default('webhook.test'),
});
export type SendTestEventBody = z.infer<typeof SendTestEventBody>;

export const SendTestEventResponse = z.object({
  eventId: z.string(),
  type: z.enum(EVENT_TYPES),
  /** The delivery to the workspace's endpoint after its first attempt; null without an endpoint. */
  delivery: WebhookDelivery.nullable(),
  message: z.string(),
});
export type SendTestEventResponse = z.infer<typeof SendTestEventResponse>;
