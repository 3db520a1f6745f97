import { type AnsweringEngine, SERVICE_COST_KEY, type Service, spendPeriodLabel } from '@conduit/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { retryOnDeadlock } from '../../platform/deadlock-retry.ts';
import { getBalance, grantCredits } from '../credits/ledger.ts';
import type { ServedBy } from '../engines/engine.ts';
import { settledEventSql, taskSettledEvent } from '../events/settled-event.ts';
import { type TaskRow, tasks } from './schema.ts';
import { type SettledTask, taskStatements } from './task-statements.ts';

export type { SettledTask };

/**
 * What a settle needs besides the task: the database, and the engine whose name the settle event's
 * data carries (webhooks/settled-event.ts). A RunnerContext is one.
 */
export interface Settler {
  db: Db;
  engine: AnsweringEngine;
}

/**
 * A task settles once. Both moves are compare-and-set on `status = 'processing'`, so of two
 * pollers, a poller and a callback, or a poller and the sweeper, exactly one wins; the loser
 * gets `undefined` and does nothing. The winner writes the task's settle event and its deliveries
 * in the same statement or transaction, so the event commits with the settle or not at all; the
 * caller tells the event streams once it has (EventHooks.publish).
 */
export async function completeTask(
  { db, engine }: Settler,
  taskId: string,
  result: unknown,
  extras: {
    servedBy?: ServedBy;
    /** When the result's files stop being served; undefined for results without files. */
    resultsExpireAt?: Date;
  } = {},
): Promise<SettledTask | undefined> {
  return taskStatements(db).complete({
    id: taskId,
    result,
    channel: extras.servedBy?.channel || null,
    upstreamCostMicros: extras.servedBy?.upstreamCostMicros ?? null,
    resultsExpireAt: extras.resultsExpireAt ?? null,
    event: taskSettledEvent(taskId, 'completed', engine, result),
  });
}

/** The ways a task ends refunded, and the ledger note of each refund. */
export type RefundedStatus = 'failed' | 'canceled' | 'aborted';
const REFUND_NOTES: Record<RefundedStatus, string> = {
  failed: 'Refund for a failed task',
  canceled: 'Refund for a canceled task',
  aborted: 'Refund for a task aborted before it started (Cancel-After)',
};

/**
 * Fails the task and refunds its cost in the same transaction; the refund is keyed by the task, so
 * it happens once. The task keeps the upstream cost recorded when its job started (the upstream
 * ran it and bills it, though we refund), unless `billedMicros` says what it charged: 0 when the
 * upstream's own answer says it charged nothing, or what it charged anyway (an Apify run that
 * timed out still bills its results); see docs/upstreams.md, "What each task cost upstream". The
 * reconciliation lists such refunded-but-billed tasks.
 */
export async function failTask(
  settler: Settler,
  taskId: string,
  reason: string,
  options: { billedMicros?: number; channel?: string } = {},
): Promise<SettledTask | undefined> {
  return refundTask(settler, taskId, 'failed', reason, options);
}

/**
 * Ends a processing task as failed, canceled or aborted and refunds its whole cost, in one
 * transaction: compare-and-set on `status = 'processing'` (and, with `onlyIfNotStarted`, on no
 * upstream job yet), so of any number of settlers racing (pollers, the sweeper, 50 parallel
 * cancels) exactly one refunds; the others get `undefined`. The refund entry is keyed by the task
 * as well, so even a second path could not refund twice. The same transaction gives the key's
 * budget its credits back and writes the task's event (`task.failed` for an abort) with its
 * deliveries, read from the row as the compare-and-set left it. A deadlock's victim (the
 * transaction rolled back whole) runs again.
 */
export async function refundTask(
  { db, engine }: Settler,
  taskId: string,
  status: RefundedStatus,
  reason: string | null,
  options: { onlyIfNotStarted?: boolean; billedMicros?: number; channel?: string } = {},
): Promise<SettledTask | undefined> {
  const event = taskSettledEvent(taskId, status, engine);
  return retryOnDeadlock(() => refundInTransaction(db, taskId, status, reason, options, event));
}

async function refundInTransaction(
  db: Db,
  taskId: string,
  status: RefundedStatus,
  reason: string | null,
  options: { onlyIfNotStarted?: boolean; billedMicros?: number; channel?: string },
  event: ReturnType<typeof taskSettledEvent>,
): Promise<SettledTask | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(tasks)
      .set({
        status,
        error: reason?.slice(0, 1000) ?? null,
        completedAt: sql`now()`,
        updatedAt: sql`now()`,
        nextCheckAt: null,
        creditsRefunded: sql`${tasks.cost}`,
        ...(options.billedMicros !== undefined && {
          upstreamCostMicros: Math.max(0, Math.round(options.billedMicros)),
        }),
        ...(options.channel && { channel: options.channel }),
      })
      .where(
        and(
          eq(tasks.id, taskId),
          eq(tasks.status, 'processing'),
          options.onlyIfNotStarted ? isNull(tasks.upstreamId) : undefined,
        ),
      )
      .returning();
    if (!row) return undefined;
    // The key's budget gets the credits back too, if the call was counted in its current period;
    // and the task's event is written, in the same round trip. The key's row is locked before the
    // balance's, the order the debit takes them in (charge-call.ts): in the other order a refund
    // and a debit of one limited key wait for each other (a deadlock, a 500 to the caller).
    const at = row.createdAt;
    await tx.execute(sql`with key_budget as (
        update api_keys k set spent_credits = greatest(0, k.spent_credits - ${row.cost})
         where k.id = ${row.apiKeyId} and k.spend_limit_credits is not null
           and k.spent_period = case k.spend_limit_period when 'day' then ${spendPeriodLabel('day', at)}
                                     when 'month' then ${spendPeriodLabel('month', at)} else 'total' end
      ), settled as (
        select t.*, ${event.id}::text as event_id, ${event.dedupeKey}::text as event_key,
               ${event.type}::text as event_type, ${event.message}::text as event_message,
               ${event.engine}::text as event_engine, ${event.resultFields}::text as event_result,
               ${event.indexFields}::text as event_index,
               ${event.endpointDeliveryId}::text as endpoint_delivery_id,
               ${event.callbackDeliveryId}::text as callback_delivery_id, 1 as ord
          from tasks t where t.id = ${row.id}
      ), ${sql.raw(settledEventSql('settled'))}
      select 1`);
    // A test call was charged nothing: nothing to give back, the ledger is not touched.
    if (!row.livemode) return { ...row, balanceAfter: await getBalance(tx, row.workspaceId) };
    const refund = await grantCredits(tx, {
      workspaceId: row.workspaceId,
      delta: row.cost,
      reason: 'refund',
      reference: row.id,
      service: SERVICE_COST_KEY[row.service as Service],
      note: REFUND_NOTES[status],
    });
    return { ...row, balanceAfter: refund.balance };
  });
}

/**
 * Marks that the upstream was asked to stop the task's job, and makes its next look due now, so
 * the confirmation (the job ending without a result) is seen at once. Nothing if it settled meanwhile.
 */
export async function markCancelRequested(db: Db, taskId: string): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(tasks)
    .set({
      cancelRequestedAt: sql`coalesce(${tasks.cancelRequestedAt}, now())`,
      nextCheckAt: sql`case when ${tasks.nextCheckAt} > now() + interval '2 seconds' then now() + interval '2 seconds' else ${tasks.nextCheckAt} end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(tasks.id, taskId), eq(tasks.status, 'processing')))
    .returning();
  return row;
}

export async function findTask(db: Db, taskId: string): Promise<TaskRow | undefined> {
  const [row] = await taskStatements(db).find.execute({ id: taskId });
  return row;
}

/**
 * Records the upstream job id, the channel that took it and its price, and when to look next
 * (unchanged without `nextCheckAt`: the step's lease stays with the sync call that holds it).
 * False when the task was no longer processing: a cancel settled it while the job was being started.
 */
export async function markTaskStarted(
  db: Db,
  taskId: string,
  started: { upstreamId: string; upstreamAccount?: string } & ServedBy,
  nextCheckAt?: Date,
): Promise<boolean> {
  return taskStatements(db).started({
    id: taskId,
    upstreamId: started.upstreamId,
    channel: started.channel ?? null,
    upstreamCostMicros: started.upstreamCostMicros ?? null,
    upstreamAccount: started.upstreamAccount ?? null,
    nextCheckAt: nextCheckAt ?? null,
  });
}

/**
 * A create whose answer was lost (docs/upstreams.md, "Lost creates"): the task keeps no upstream id
 * but records the channel that may have taken it, what that channel charges (possibly billed, for
 * the reconciliation) and when it was sent (`upstream_started_at`); its next look is the end of the
 * wait for the upstream's callback. A callback that already named the job (recoverLostCreate,
 * while the create was in flight) makes the task due now instead. Answers the row as written.
 */
export async function markCreateLost(
  db: Db,
  taskId: string,
  lost: {
    channel: string | null;
    upstreamCostMicros: number | null;
    nextCheckAt: Date;
    /** The upstream account the create was sent with (kie.ai's pool). */
    account?: string | null;
  },
): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(tasks)
    .set({
      channel: sql`coalesce(${tasks.channel}, ${lost.channel})`,
      upstreamAccount: sql`coalesce(${tasks.upstreamAccount}, ${lost.account ?? null})`,
      upstreamCostMicros: sql`coalesce(${tasks.upstreamCostMicros}, ${lost.upstreamCostMicros}::int)`,
      upstreamStartedAt: sql`coalesce(${tasks.upstreamStartedAt}, now())`,
      nextCheckAt: sql`case when ${tasks.upstreamId} is null then ${lost.nextCheckAt.toISOString()}::timestamptz else now() end`,
      attempts: sql`${tasks.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(tasks.id, taskId), eq(tasks.status, 'processing')))
    .returning();
  return row;
}

/**
 * The upstream ended the task's job with a passing error and billed nothing: the task forgets that
 * job and is due at once, to start a new one (counted in `upstream_restarts`). Only while the task
 * still runs that job, so two pollers restart it once. Answers whether it did.
 */
export async function restartUpstreamJob(db: Db, taskId: string, upstreamId: string): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({
      upstreamId: null,
      channel: null,
      upstreamAccount: null,
      upstreamCostMicros: null,
      upstreamStartedAt: null,
      upstreamRestarts: sql`${tasks.upstreamRestarts} + 1`,
      nextCheckAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(tasks.id, taskId), eq(tasks.status, 'processing'), eq(tasks.upstreamId, upstreamId)))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

export async function scheduleNextCheck(
  db: Db,
  taskId: string,
  nextCheckAt: Date,
  options: { countsAttempt?: boolean } = {},
) {
  await db
    .update(tasks)
    .set({
      // The step's lease holds the next look in the future; a look already due means the upstream
      // called back during the step (pollTaskNow): it stays due instead of waiting for the back-off.
      nextCheckAt: sql`case when ${tasks.nextCheckAt} > now() then ${nextCheckAt.toISOString()}::timestamptz else ${tasks.nextCheckAt} end`,
      updatedAt: sql`now()`,
      attempts: options.countsAttempt === false ? sql`${tasks.attempts}` : sql`${tasks.attempts} + 1`,
    })
    .where(and(eq(tasks.id, taskId), eq(tasks.status, 'processing')));
}

/**
 * Takes the next step of a task for `leaseMs`: only one process at a time starts or polls it
 * upstream. A process that dies mid-step loses the lease when it expires and the sweeper resumes.
 * `heldLease` is a lease the caller already holds (the time it runs out, as written): the task is
 * then taken again although its next look is not due.
 */
export async function claimTaskStep(
  db: Db,
  taskId: string,
  leaseMs: number,
  heldLease?: Date,
): Promise<TaskRow | undefined> {
  const [row] = await taskStatements(db).claim.execute({
    id: taskId,
    leaseS: leaseMs / 1000,
    heldLease: heldLease ?? null,
  });
  return row;
}

/** Gives a held lease back: the task is due at once, for the pump (a sync call that stopped waiting). */
export async function releaseTaskLease(db: Db, taskId: string, heldLease: Date) {
  await db
    .update(tasks)
    .set({ nextCheckAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(tasks.id, taskId),
        eq(tasks.status, 'processing'),
        sql`${tasks.nextCheckAt} = ${heldLease.toISOString()}::timestamptz`,
      ),
    );
}

/** Processing tasks whose next look is due (or whose lease ran out), oldest first. */
export async function findDueTasks(db: Db, limit: number): Promise<Array<Pick<TaskRow, 'id'>>> {
  return db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.status, 'processing'), sql`${tasks.nextCheckAt} <= now()`))
    .orderBy(tasks.nextCheckAt)
    .limit(limit);
}
