import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db-columns.ts';
import { workspaceColumn } from '../auth/workspace-schema.ts';

/**
 * Every request to the public API, accepted or refused, once its key is known
 * (docs/product.md, "Logs"). Written in batches off the call's path (request-log-writer.ts);
 * kept REQUEST_LOG_RETENTION_DAYS, deleted with the workspace. Append-only: never updated.
 */
export const requestLog = pgTable(
  'request_log',
  {
    /** Ordered like `at` within a process's batch; the keyset cursor's tie-breaker. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** When the request arrived. */
    at: timestamptz('at').notNull(),
    workspaceId: workspaceColumn(),
    /** The key presented: current, expired, rolled or deleted (keys are never removed). */
    apiKeyId: text('api_key_id').notNull(),
    method: text('method').notNull(),
    /** The route as the catalogue writes it (`/api/provider/video/status/:taskId`). */
    endpoint: text('endpoint').notNull(),
    /** The paid service the endpoint belongs to; null for the account endpoints. */
    service: text('service'),
    status: smallint('status').notNull(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    durationMs: doublePrecision('duration_ms').notNull(),
    requestId: text('request_id').notNull(),
    taskId: text('task_id'),
    ip: text('ip').notNull(),
    /** A paid call's `metadata` once its body was accepted (a refusal after that keeps it); else null. */
    metadata: jsonb('metadata').$type<Record<string, string>>(),
    /** False for a request made with a test key. */
    livemode: boolean('livemode').notNull().default(true),
  },
  (table) => [
    index('request_log_workspace_at_idx').on(table.workspaceId, table.at.desc(), table.id.desc()),
    // Rows arrive in time order, so a BRIN index finds the expired ones for a fraction of a btree's upkeep.
    index('request_log_at_brin_idx').using('brin', table.at),
    index('request_log_task_id_idx')
      .on(table.workspaceId, table.taskId)
      .where(sql`${table.taskId} is not null`),
    index('request_log_request_id_idx').on(table.workspaceId, table.requestId),
    // The log's metadata search is containment (`metadata @> ...`); partial, so the many rows
    // without metadata (reads, calls without it) add nothing to the index's upkeep.
    index('request_log_metadata_idx')
      .using('gin', table.metadata.op('jsonb_path_ops'))
      .where(sql`${table.metadata} is not null`),
  ],
);
export type RequestLogRow = typeof requestLog.$inferSelect;
