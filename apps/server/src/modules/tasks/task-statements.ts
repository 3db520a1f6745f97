import { TASK_STATUS_MESSAGES } from '@conduit/contracts';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type pg from 'pg';
import { coalesce, writeInHalves } from '../../platform/coalesce.ts';
import { type Db, poolOf } from '../../platform/database.ts';
import { intArray, textArray, timestampArray } from '../../platform/pg-arrays.ts';
import { type SettledEvent, settledEventSql } from '../events/settled-event.ts';
import { type TaskRow, tasks } from './schema.ts';

/*
 * The statements every paid call runs on its task, prepared once per database handle: each pooled
 * connection parses and plans them once (as named statements), and the query text is not built
 * again per call. Optional values are placeholders that leave a column as it is when null. The two
 * writes of a step (the upstream job started, the task completed) are coalesced: the steps that
 * end while one such statement is in flight share the next (`batchedWrites`).
 */
const at = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;
const isProcessing = (id = sql.placeholder('id')) => and(eq(tasks.id, id), eq(tasks.status, 'processing'));

function prepare(db: Db) {
  return {
    find: db
      .select()
      .from(tasks)
      .where(eq(tasks.id, sql.placeholder('id')))
      .prepare('conduit-task-find'),
    claim: db
      .update(tasks)
      .set({
        nextCheckAt: sql`now() + make_interval(secs => ${sql.placeholder('leaseS')}::float8)`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          isProcessing(),
          sql`(${tasks.nextCheckAt} is null or ${tasks.nextCheckAt} <= now() or ${tasks.nextCheckAt} = ${at('heldLease')})`,
        ),
      )
      .returning()
      .prepare('conduit-task-claim'),
  };
}

/*
 * The compare-and-set of the batched task writes below, written so that it cannot use the partial
 * index of processing tasks (tasks_processing_idx, whose predicate `status = 'processing'` would
 * match): each task is found by its primary key, one index lookup per item of the batch. With
 * `t.status = 'processing'` the planner could instead read every processing task through that
 * index and hash-join them with the batch whenever its statistics counted few processing tasks (a
 * table analyzed before a burst of calls, as bench:api's is): with 3,000 tasks processing, a
 * completion then cost PostgreSQL 2.0 to 2.4 ms of CPU against 1.4 ms by the key, and more as
 * the processing tasks grow (bench/README.md, issue 47). The same rows either way (status is not null).
 */
const STILL_PROCESSING = `t.status is not distinct from 'processing'`;

const STARTED_SQL = `
update tasks t set upstream_id = v.upstream_id, channel = v.channel, upstream_cost_micros = v.cost,
       upstream_account = v.account,
       upstream_started_at = now(), next_check_at = coalesce(v.next_check_at, t.next_check_at), updated_at = now(), attempts = t.attempts + 1
  from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::timestamptz[], $6::text[])
       as v(id, upstream_id, channel, cost, next_check_at, account)
 where t.id = v.id and ${STILL_PROCESSING}
returning t.id`;

/*
 * The completion writes each task's `task.completed` event and its deliveries in the same
 * statement, from the row its compare-and-set returns (webhooks/settled-event.ts), and answers the
 * account's balance for the sync call's X-Credits-Remaining. A task named twice in one batch (two
 * completions racing in this process) is updated once: the item whose event the update carried won.
 * An expiry already passed (its account or team was deleted while it ran) is kept, not renewed.
 */
const COMPLETE_SQL = `
with v as (
  select * from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::timestamptz[], $6::text[], $7::text[],
                       $8::text[], $9::text[], $10::text[], $11::text[], $12::text[])
    with ordinality as v(id, result, channel, cost, expires_at, event_id, event_key, event_engine, event_result,
                         event_index, endpoint_delivery_id, callback_delivery_id, ord)
), settled as (
  update tasks t set status = 'completed', result = v.result::jsonb, completed_at = now(), updated_at = now(),
         next_check_at = null, channel = coalesce(v.channel, t.channel),
         upstream_cost_micros = case when v.channel is null then t.upstream_cost_micros else v.cost end,
         results_expire_at = case when t.results_expire_at <= now() then t.results_expire_at
                                  else coalesce(v.expires_at, t.results_expire_at) end
    from v
   where t.id = v.id and ${STILL_PROCESSING}
  returning t.*, v.event_id, v.event_key, $13::text as event_type, $14::text as event_message, v.event_engine,
            v.event_result, v.event_index, v.endpoint_delivery_id, v.callback_delivery_id, v.ord
), ${settledEventSql('settled')}
select ${Object.values(getTableColumns(tasks))
  .map((column) => `s.${column.name}`)
  .join(', ')}, s.event_id,
       (select c.balance from credit_accounts c where c.workspace_id = s.workspace_id) as balance_after
  from settled s`;

/**
 * A row as PostgreSQL answers it (snake_case columns, pg's own types) as the TaskRow drizzle
 * reads: each value through its column's own mapping, so a column of a custom type reads the same
 * here as through drizzle (task-statements.test.ts compares the two).
 */
const COLUMNS = Object.entries(getTableColumns(tasks));
export const taskRowOf = (row: Record<string, unknown>) =>
  Object.fromEntries(
    COLUMNS.map(([key, column]) => {
      const value = row[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as TaskRow;

export interface StartedWrite {
  id: string;
  upstreamId: string;
  channel: string | null;
  upstreamCostMicros: number | null;
  /** The upstream account that took the job (kie.ai's pool); null for one-account upstreams. */
  upstreamAccount?: string | null;
  /** Unchanged when null. */
  nextCheckAt: Date | null;
}
/** A task as its settle left it, and the account's balance as the settle's statement answered it. */
export type SettledTask = TaskRow & { balanceAfter: number };

export interface CompleteWrite {
  id: string;
  /** Its `task.completed` event (taskSettledEvent), written if this write settles the task. */
  event: SettledEvent;
  result: unknown;
  /** With `upstreamCostMicros`, replaces the task's channel and cost; unchanged when null. */
  channel: string | null;
  upstreamCostMicros: number | null;
  /** Unchanged when null. */
  resultsExpireAt: Date | null;
}

/** A cost in micros as its int column keeps it: a fraction of a micro is rounded, not refused. */
const micros = (value: number | null) => (value === null ? null : Math.round(value));

interface Pending<I, R> {
  item: I;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Each item's answer from one statement over many. The statement is one transaction: when the
 * database refuses it, nothing was written, and its items are written again in halves until the
 * item the database refuses (say, its settle event's delivery) fails alone, its batch-mates not
 * with it. Another failure (the connection lost) fails every item of the statement.
 */
function batched<I, R>(run: (items: I[]) => Promise<Map<I, R>>) {
  const write = (pending: Pending<I, R>[]) =>
    writeInHalves(
      pending,
      async (batch) => {
        const answers = await run(batch.map((entry) => entry.item));
        for (const entry of batch) entry.resolve(answers.get(entry.item) as R);
      },
      (failed, error) => {
        for (const entry of failed) entry.reject(error);
      },
    );
  const enqueue = coalesce<Pending<I, R>>(write);
  return (item: I) => new Promise<R>((resolve, reject) => enqueue({ item, resolve, reject }));
}

function batchedWrites(pool: pg.Pool) {
  return {
    /** True when the task was still processing (a cancel may have settled it during the start). */
    started: batched<StartedWrite, boolean>(async (items) => {
      const { rows } = await pool.query({
        name: 'conduit-tasks-started',
        text: STARTED_SQL,
        values: [
          textArray(items.map((item) => item.id)),
          textArray(items.map((item) => item.upstreamId)),
          textArray(items.map((item) => item.channel)),
          intArray(items.map((item) => micros(item.upstreamCostMicros))),
          timestampArray(items.map((item) => item.nextCheckAt)),
          textArray(items.map((item) => item.upstreamAccount)),
        ],
      });
      const written = new Set(rows.map((row) => row.id as string));
      return new Map(items.map((item) => [item, written.has(item.id)]));
    }),
    complete: batched<CompleteWrite, SettledTask | undefined>(async (items) => {
      const { rows } = await pool.query({
        name: 'conduit-tasks-complete',
        text: COMPLETE_SQL,
        values: [
          textArray(items.map((item) => item.id)),
          textArray(items.map((item) => JSON.stringify(item.result))),
          textArray(items.map((item) => item.channel)),
          intArray(items.map((item) => micros(item.upstreamCostMicros))),
          timestampArray(items.map((item) => item.resultsExpireAt)),
          textArray(items.map((item) => item.event.id)),
          textArray(items.map((item) => item.event.dedupeKey)),
          textArray(items.map((item) => item.event.engine)),
          textArray(items.map((item) => item.event.resultFields)),
          textArray(items.map((item) => item.event.indexFields)),
          textArray(items.map((item) => item.event.endpointDeliveryId)),
          textArray(items.map((item) => item.event.callbackDeliveryId)),
          'task.completed',
          TASK_STATUS_MESSAGES.completed,
        ],
      });
      const byEvent = new Map(
        rows.map((row) => [
          row.event_id as string,
          { ...taskRowOf(row), balanceAfter: row.balance_after as number },
        ]),
      );
      return new Map(items.map((item) => [item, byEvent.get(item.event.id)]));
    }),
  };
}

const prepared = new WeakMap<Db, ReturnType<typeof prepare> & ReturnType<typeof batchedWrites>>();

/** The prepared task statements of this database handle (not of a transaction's). */
export function taskStatements(db: Db) {
  let statements = prepared.get(db);
  if (!statements) {
    statements = { ...prepare(db), ...batchedWrites(poolOf(db)) };
    prepared.set(db, statements);
  }
  return statements;
}
