import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, timestamptz } from '../../platform/db-columns.ts';
import { workspaceColumn, workspaceRef } from '../auth/workspace-schema.ts';

/**
 * Every event a workspace's webhooks carry (docs/product.md, "Webhooks"), kept EVENT_RETENTION_DAYS.
 * `body` is the exact JSON every delivery posts and signs (`{type, timestamp, data}`), so the
 * events API answers byte for byte what a receiver got. `seq` orders a workspace's events for the
 * events API's cursor and the event stream's `Last-Event-ID` resume. Its number is given after the
 * event commits (sequence-events.ts); until then it holds a negative one, taken at insert, which
 * keeps the order the events were written in. A reader that has seen an event has seen every event
 * of its workspace with a lower positive `seq`. `dedupe_key` makes an event
 * happen once however many processes record it (a task's status, a payment, a key's expiry).
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' })
      .notNull()
      .default(sql`-nextval('webhook_events_seq_seq'::regclass)`),
    workspaceId: workspaceColumn(),
    type: text('type').notNull(),
    body: text('body').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    /** Sent by "Send test event" or `conduit trigger`: sample data, not something that happened. */
    isTest: boolean('is_test').notNull().default(false),
    /** False for the events of a test key's calls (test-mode.ts): seen by test reads only. */
    livemode: boolean('livemode').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    unique('webhook_events_dedupe_key').on(table.workspaceId, table.dedupeKey),
    // Serves the readers (a workspace's events by number) and the numbering, whose provisional
    // negative numbers sort first. Most event rows are written inside a paid call's debit or
    // settle, so this table keeps no index a read does not need (migration 0039).
    index('webhook_events_workspace_seq_idx').on(table.workspaceId, table.seq),
    // Events arrive in time order: BRIN finds the expired ones for the purge at a fraction of a btree's upkeep.
    index('webhook_events_created_at_brin_idx').using('brin', table.createdAt),
  ],
);
export type WebhookEventRow = typeof webhookEvents.$inferSelect;

/**
 * One event on its way to one URL (the workspace's endpoint, or a task's callBackUrl). Pending
 * deliveries are claimed by the worker when `next_attempt_at` is due; the retry schedule moves it
 * on after each failure (WEBHOOK_RETRY_SCHEDULE_S), until a 2xx or the schedule's end.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    workspaceId: workspaceColumn(),
    eventId: requiredRef('event_id', () => webhookEvents.id, 'cascade'),
    /** Denormalised from the event for the delivery log's filter. */
    eventType: text('event_type').notNull(),
    target: text('target', { enum: ['endpoint', 'callback'] }).notNull(),
    url: text('url').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next scheduled attempt is due; null once none is (succeeded, or given up). */
    nextAttemptAt: timestamptz('next_attempt_at'),
    lastResponseStatus: integer('last_response_status'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('webhook_deliveries_workspace_idx').on(table.workspaceId, table.createdAt, table.id),
    index('webhook_deliveries_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Every attempt of a delivery: what was sent and what the receiver answered. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: text('id').primaryKey(),
    deliveryId: requiredRef('delivery_id', () => webhookDeliveries.id, 'cascade'),
    attempt: integer('attempt').notNull(),
    /** A Resend from the page or the API, rather than the schedule. */
    isManual: boolean('is_manual').notNull().default(false),
    url: text('url').notNull(),
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull(),
    responseStatus: integer('response_status'),
    /** Why no HTTP answer came (refused, timed out, an address the guard refused). */
    error: text('error'),
    /** The first DELIVERY_RESPONSE_MAX_BYTES of the answer's body. */
    responseBody: text('response_body'),
    latencyMs: integer('latency_ms').notNull(),
    /** When the schedule tries again after this attempt; null when it does not. */
    nextRetryAt: timestamptz('next_retry_at'),
    createdAt: createdAt(),
  },
  (table) => [unique('webhook_attempts_delivery_attempt_key').on(table.deliveryId, table.attempt)],
);
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;

/**
 * The workspace endpoint's settings beside its URL (workspaces.webhook_url): the event types it
 * receives (null: the account events, as before subscriptions existed), since when it has failed
 * without a success in between, and when it was switched off for failing
 * ENDPOINT_DISABLE_AFTER_DAYS.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  workspaceId: workspaceRef().primaryKey(),
  eventTypes: text('event_types').array(),
  failingSince: timestamptz('failing_since'),
  disabledAt: timestamptz('disabled_at'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
