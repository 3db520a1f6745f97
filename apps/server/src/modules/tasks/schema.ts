import { TASK_STATUSES } from '@conduit/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db-columns.ts';
import { workspaceColumn, workspaceRef } from '../auth/workspace-schema.ts';

/**
 * One row per paid call: the task a developer polls and the usage row their history and the
 * dashboards count. Status only moves processing -> completed | failed | canceled | aborted, by
 * compare-and-set; the last three refund the cost once (settle-task.ts).
 */
export const tasks = pgTable(
  'tasks',
  {
    id: text('id').primaryKey(),
    workspaceId: workspaceColumn(),
    /** The key that made the call: authenticated by it, and never deleted (keys are only revoked). */
    apiKeyId: text('api_key_id').notNull(),
    service: text('service', { enum: ['image', 'video', 'sora', 'linkedin'] }).notNull(),
    /**
     * The catalogue model the call ran (packages/contracts models.ts): the one its body named, else
     * its service's default. Null for Sora and LinkedIn, which have no models.
     */
    model: text('model'),
    /**
     * The price variant the call ran as (packages/contracts upstream-costs.ts: `10s-sound`, `4K`,
     * `all`; LinkedIn's posts band `posts-1-10`): the reconciliation groups by model and variant.
     * Null for Sora and for calls made before variants were recorded.
     */
    variant: text('variant'),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('processing'),
    cost: integer('cost').notNull(),
    creditsRefunded: integer('credits_refunded').notNull().default(0),
    engine: text('engine').notNull(),
    request: jsonb('request').notNull(),
    /**
     * The call's `metadata` (packages/contracts metadata.ts), string values only; null when the call
     * sent none. Kept apart from `request`, which is the work's own body.
     */
    metadata: jsonb('metadata').$type<Record<string, string>>(),
    result: jsonb('result'),
    error: text('error'),
    upstreamId: text('upstream_id'),
    /** The channel that took the upstream job (docs/upstreams.md, "Channels and failover"). */
    channel: text('channel'),
    /**
     * The upstream account that created the job, when the channel has several (kie.ai's pool): its
     * id (`KieAccountConfig.id`, never the key). Polls and callbacks use that account's keys.
     */
    upstreamAccount: text('upstream_account'),
    /**
     * What the upstream bills us for the call, in millionths of a US dollar: the upstream's own
     * figure where its API reports one, else the channel's configured price; kept when we fail and
     * refund a task the upstream ran. 0 or null only when the upstream never accepted the job or
     * its own answer says it billed nothing (docs/upstreams.md, "What each task cost upstream").
     */
    upstreamCostMicros: integer('upstream_cost_micros'),
    /**
     * When the upstream accepted the job: a poll's "no record yet" counts from here. Set without
     * `upstream_id` when a create was sent whose answer was lost (docs/upstreams.md, "Lost creates").
     */
    upstreamStartedAt: timestamptz('upstream_started_at'),
    /**
     * New upstream jobs started for the task after one the upstream ended with a passing internal
     * error (Veo's errorCode 500: "try again later"); at most twice (docs/upstreams.md).
     */
    upstreamRestarts: smallint('upstream_restarts').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    callbackUrl: text('callback_url'),
    attempts: integer('attempts').notNull().default(0),
    nextCheckAt: timestamptz('next_check_at'),
    deadlineAt: timestamptz('deadline_at').notNull(),
    /** `Cancel-After`: not started upstream by then, the task is aborted and refunded. */
    cancelAfterAt: timestamptz('cancel_after_at'),
    /** When the customer's cancel was asked of the upstream; the task settles canceled once it confirms. */
    cancelRequestedAt: timestamptz('cancel_requested_at'),
    rating: smallint('rating'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    completedAt: timestamptz('completed_at'),
    /** When the task's result files stop being served (RESULT_RETENTION_DAYS after completion); null without files. */
    resultsExpireAt: timestamptz('results_expire_at'),
    /** When the expiry job deleted the files from the store. */
    resultsDeletedAt: timestamptz('results_deleted_at'),
    /** False for a test key's call: free, on the development engine, seen by test reads only. */
    livemode: boolean('livemode').notNull().default(true),
  },
  (table) => [
    index('tasks_workspace_id_created_at_idx').on(table.workspaceId, table.createdAt),
    index('tasks_processing_idx').on(table.nextCheckAt).where(sql`${table.status} = 'processing'`),
    // An upstream's callback names its own job id: the running task is found by it (kie-callback.ts).
    index('tasks_upstream_id_processing_idx')
      .on(table.upstreamId)
      .where(sql`${table.status} = 'processing' and ${table.upstreamId} is not null`),
    index('tasks_results_to_delete_idx')
      .on(table.resultsExpireAt)
      .where(sql`${table.resultsExpireAt} is not null and ${table.resultsDeletedAt} is null`),
    // `metadata[key]=value` list filters are containment (`metadata @> '{"key":"value"}'`), which a
    // jsonb_path_ops GIN index answers; partial, so calls without metadata cost it nothing. Spend by
    // metadata (usage/group-by-metadata.ts) groups on a key named at request time, which no
    // expression index can know ahead: it reads the workspace's period by the (workspace_id,
    // created_at) index above and groups those rows.
    index('tasks_metadata_idx')
      .using('gin', table.metadata.op('jsonb_path_ops'))
      .where(sql`${table.metadata} is not null`),
    uniqueIndex('tasks_workspace_id_idempotency_key_idx')
      .on(table.workspaceId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    check('tasks_service_check', sql`${table.service} in ('image', 'video', 'sora', 'linkedin')`),
    check(
      'tasks_status_check',
      sql`${table.status} in ('processing', 'completed', 'failed', 'canceled', 'aborted')`,
    ),
    // A test call costs nothing; a live one always something.
    check('tasks_cost_check', sql`${table.cost} > 0 or not ${table.livemode}`),
    check('tasks_rating_check', sql`${table.rating} between 1 and 5`),
  ],
);
export type TaskRow = typeof tasks.$inferSelect;

/**
 * A price given by POST /api/provider/quote: a paid call of the same workspace and service that
 * names it pays at most this many credits until `expiresAt` (docs/product.md, "Controlling a paid call").
 */
export const priceQuotes = pgTable(
  'price_quotes',
  {
    id: text('id').primaryKey(),
    workspaceId: workspaceRef(),
    service: text('service', { enum: ['image', 'video', 'sora', 'linkedin'] }).notNull(),
    /** The catalogue model the quote prices (image and video); null for Sora and LinkedIn. */
    model: text('model'),
    /** The variant the quote prices (a quote binds a call of the same variant only); null for Sora. */
    variant: text('variant'),
    credits: integer('credits').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('price_quotes_expires_at_idx').on(table.expiresAt),
    check('price_quotes_credits_check', sql`${table.credits} > 0`),
  ],
);
