import { SERVICE_COST_KEY, type Service, spendPeriodLabel } from '@conduit/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { grantCredits } from '../credits/ledger.ts';
import type { ServedBy } from '../engines/engine.ts';
import { type TaskRow, tasks } from './schema.ts';
import { taskStatements } from './task-statements.ts';

/**
 * A task settles once. Both moves are compare-and-set on `status = 'processing'`, so of two
 * pollers, a poller and a callback, or a poller and the sweeper, exactly one wins; the loser
 * gets `undefined` and does nothing.
 */
export async function completeTask(
  db: Db,
  taskId: string,
  result: unknown,
  extras: {
    servedBy?: ServedBy;
    /** When the result's files stop being served; undefined for results without files. */
    resultsExpireAt?: Date;
  } = {},
): Promise<TaskRow | undefined> {
  return taskStatements(db).complete({
    id: taskId,
    result,
    channel: extras.servedBy?.channel || null,
    upstreamCostMicros: extras.servedBy?.upstreamCostMicros ?? null,
    resultsExpireAt: extras.resultsExpireAt ?? null,
  });
}

/**
 * Fails the task and refunds its cost in the same transaction; the refund is keyed by the task, so
 * it happens once. `billedMicros` is what the upstream charged anyway (an Apify run that timed out
 * still bills its results): the reconciliation lists such refunded-but-billed tasks.
 */
export async function failTask(
  db: Db,
  taskId: string,
  reason: string,
  billedMicros = 0,
): Promise<TaskRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(tasks)
      .set({
        status: 'failed',
        error: reason.slice(0, 1000),
        completedAt: sql`now()`,
        updatedAt: sql`now()`,
        nextCheckAt: null,
        creditsRefunded: sql`${tasks.cost}`,
        // Upstreams bill results, not failures, unless they ran anyway
        // (docs/upstreams.md, "Costs upstream and our prices").
        upstreamCostMicros: Math.max(0, Math.round(billedMicros)),
      })
      .where(and(eq(tasks.id, taskId), eq(tasks.status, 'processing')))
      .returning();
    if (!row) return undefined;
    await grantCredits(tx, {
      workspaceId: row.workspaceId,
      delta: row.cost,
      reason: 'refund',
      reference: row.id,
      service: SERVICE_COST_KEY[row.service as Service],
      note: 'Refund for a failed task',
    });
    // The key's budget gets the credits back too, if the call was counted in its current period.
    const at = row.createdAt;
    await tx.execute(sql`update api_keys k set spent_credits = greatest(0, k.spent_credits - ${row.cost})
      where k.id = ${row.apiKeyId} and k.spend_limit_credits is not null
        and k.spent_period = case k.spend_limit_period when 'day' then ${spendPeriodLabel('day', at)}
                                  when 'month' then ${spendPeriodLabel('month', at)} else 'total' end`);
    return row;
  });
}

export async function findTask(db: Db, taskId: string): Promise<TaskRow | undefined> {
  const [row] = await taskStatements(db).find.execute({ id: taskId });
  return row;
}

/**
 * Records the upstream job id, the channel that took it and its price, and when to look next
 * (unchanged without `nextCheckAt`: the step's lease stays with the sync call that holds it).
 */
export async function markTaskStarted(
  db: Db,
  taskId: string,
  started: { upstreamId: string } & ServedBy,
  nextCheckAt?: Date,
) {
  await taskStatements(db).started({
    id: taskId,
    upstreamId: started.upstreamId,
    channel: started.channel ?? null,
    upstreamCostMicros: started.upstreamCostMicros ?? null,
    nextCheckAt: nextCheckAt ?? null,
  });
}

export async function scheduleNextCheck(db: Db, taskId: string, nextCheckAt: Date) {
  await db
    .update(tasks)
    .set({
      // The step's lease holds the next look in the future; a look already due means the upstream
      // called back during the step (pollTaskNow): it stays due instead of waiting for the back-off.
      nextCheckAt: sql`case when ${tasks.nextCheckAt} > now() then ${nextCheckAt.toISOString()}::timestamptz else ${tasks.nextCheckAt} end`,
      updatedAt: sql`now()`,
      attempts: sql`${tasks.attempts} + 1`,
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
