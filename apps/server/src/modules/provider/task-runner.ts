import type { Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/database.ts';
import type { Clock } from '../../platform/services.ts';
import type { Engine, MediaInput, MediaService } from '../engines/engine.ts';
import {
  UpstreamCreateLost,
  UpstreamPaced,
  UpstreamRejected,
  UpstreamUnavailable,
} from '../engines/engine.ts';
import { storeResultFile } from '../files/result-files.ts';
import type { ResultStore } from '../files/result-store.ts';
import { resultsExpiryFrom } from '../files/retention.ts';
import type { TaskRow } from '../tasks/schema.ts';
import {
  claimTaskStep,
  completeTask,
  failTask,
  findTask,
  markCreateLost,
  markTaskStarted,
  refundTask,
  releaseTaskLease,
  restartUpstreamJob,
  type SettledTask,
  scheduleNextCheck,
} from '../tasks/settle-task.ts';
import type { TaskWaiters, WakeReason } from './task-waiters.ts';

export interface RunnerContext {
  db: Db;
  engine: Engine;
  config: Pick<Config, 'PUBLIC_URL' | 'TASK_LEASE_S' | 'RESULT_RETENTION_DAYS'> &
    Partial<Pick<Config, 'KIE_LOST_CREATE_WAIT_S'>>;
  storage: ResultStore;
  clock: Clock;
  log: Logger;
  /**
   * Called once when a task settles here, after the settle (and the task's event, written with
   * it) has committed: tells the event streams and the delivery worker.
   */
  onSettled?: (task: TaskRow) => void;
  /** Sync calls waiting in this process: woken when their task settles here or is called back. */
  waiters?: TaskWaiters;
}

/** Back-off between checks of a running upstream job: quick at first, then every 30 s. */
export const nextCheckDelayMs = (attempts: number) => Math.min(30_000, 500 * 2 ** Math.min(attempts, 6));

const MEDIA_SERVICES = new Set(['image', 'video', 'sora']);

function mediaInputOf(task: StepTask): MediaInput {
  return { service: task.service as MediaService, request: task.request } as MediaInput;
}

export function publicFailureReason(error: unknown): string {
  if (error instanceof UpstreamRejected) return error.message;
  return 'The generation failed upstream';
}

/** A task as a step needs it: a claimed row, or what the sync call that created it knows. */
export type StepTask = Pick<
  TaskRow,
  | 'id'
  | 'service'
  | 'request'
  | 'status'
  | 'deadlineAt'
  | 'upstreamId'
  | 'channel'
  | 'upstreamStartedAt'
  | 'upstreamRestarts'
  | 'attempts'
  | 'nextCheckAt'
  | 'cancelAfterAt'
  | 'cancelRequestedAt'
  | 'cost'
  | 'livemode'
> &
  Partial<Pick<TaskRow, 'upstreamAccount'>>;

export const ABORTED_REASON = 'The task did not start upstream before its Cancel-After deadline';
export const DEADLINE_REASON = 'The task did not finish before its deadline';
/** New jobs a task may start after passing upstream errors (Veo's errorCode 500). */
export const MAX_UPSTREAM_RESTARTS = 2;
export const LOST_CREATE_REASON = 'The generation could not be confirmed upstream';
/** How long a create whose answer was lost waits for the upstream's callback (KIE_LOST_CREATE_WAIT_S). */
const LOST_CREATE_WAIT_S = 900;

/** A create was sent whose answer was lost: the task waits for the upstream's callback, never re-sent. */
const isCreateLost = (task: StepTask) => !task.upstreamId && task.upstreamStartedAt !== null;

/**
 * When to look next: the back-off, but never after the task's deadline, nor, before its job has
 * started, after its Cancel-After: so a task past either is settled within a pump tick of it.
 */
function nextLookAt(task: StepTask, at: number): Date {
  let next = at;
  if (!task.upstreamId && !task.upstreamStartedAt && task.cancelAfterAt) {
    next = Math.min(next, task.cancelAfterAt.getTime());
  }
  return new Date(Math.min(next, task.deadlineAt.getTime()));
}

/** The task after a step (the whole row once settled), and the lease its caller still holds, if any. */
interface Stepped<T extends StepTask> {
  task: T | TaskRow | undefined;
  heldLease?: Date;
}

/**
 * A settle that lost its compare-and-set to another process answers the row that process wrote;
 * the winner's row carries the balance its statement answered (the sync answer's
 * X-Credits-Remaining, with no read of its own).
 */
export async function settle(
  ctx: RunnerContext,
  taskId: string,
  settled: SettledTask | undefined,
): Promise<SettledTask | TaskRow | undefined> {
  if (!settled) return findTask(ctx.db, taskId);
  ctx.onSettled?.(settled);
  ctx.waiters?.wake(settled.id);
  return settled;
}

/**
 * Moves one media task forward by one step: start it upstream if it has not started, else ask
 * the upstream how it is doing; store results and settle, or schedule the next look. Safe to
 * call from several processes at once: settling is compare-and-set, and a late start or poll of
 * a settled task does nothing. `heldLease`: the caller already holds the task (see claimTaskStep).
 */
export async function advanceTask(
  ctx: RunnerContext,
  taskId: string,
  heldLease?: Date,
): Promise<TaskRow | undefined> {
  // Longer than any one upstream call or result download takes (TASK_LEASE_S, 180 s by default).
  const task = await claimTaskStep(ctx.db, taskId, ctx.config.TASK_LEASE_S * 1000, heldLease);
  if (!task) return findTask(ctx.db, taskId);
  return (await stepTask(ctx, task)).task;
}

/**
 * One step of a task this caller holds. With `heldLease`, a job that calls back keeps the lease
 * after its start: the call that holds it looks again when the callback reaches it, with no write
 * in between (runUntilSettled); without, the step ends by scheduling the next look.
 */
async function stepTask<T extends StepTask>(
  ctx: RunnerContext,
  task: T,
  heldLease?: Date,
): Promise<Stepped<T>> {
  const leaseMs = ctx.config.TASK_LEASE_S * 1000;
  const now = Date.now();
  if (task.deadlineAt.getTime() <= now) {
    return {
      task: await settle(ctx, task.id, await failTask(ctx, task.id, DEADLINE_REASON)),
    };
  }
  // Cancel-After: a task whose job has not started by then never starts, and is refunded.
  if (
    !task.upstreamId &&
    !task.upstreamStartedAt &&
    task.cancelAfterAt &&
    task.cancelAfterAt.getTime() <= now
  ) {
    return { task: await settle(ctx, task.id, await refundTask(ctx, task.id, 'aborted', ABORTED_REASON)) };
  }
  if (!MEDIA_SERVICES.has(task.service)) return { task, heldLease };
  if (isCreateLost(task)) return { task: await awaitLostCreate(ctx, task, now) };
  try {
    let { upstreamId, channel, upstreamStartedAt, upstreamAccount } = task;
    if (!upstreamId) {
      const started = await ctx.engine.startJob(mediaInputOf(task), {
        taskId: task.id,
        credits: task.cost,
        livemode: task.livemode,
      });
      ({ upstreamId } = started);
      channel = started.channel ?? null;
      upstreamAccount = started.upstreamAccount ?? null;
      upstreamStartedAt = new Date(now);
      const attempts = task.attempts + 1;
      const startedTask = { ...task, upstreamId, channel, upstreamStartedAt, upstreamAccount, attempts };
      // The holder's own timer (or, without a hold, the pump) looks if the callback never comes.
      const nextCheckAt = started.callsBack
        ? nextLookAt(startedTask, now + nextCheckDelayMs(task.attempts))
        : undefined;
      const isKept = await markTaskStarted(
        ctx.db,
        task.id,
        started,
        started.callsBack ? (heldLease ? undefined : nextCheckAt) : new Date(now + leaseMs),
      );
      if (!isKept) return { task: await stopOrphanJob(ctx, task, upstreamId, channel) };
      if (started.callsBack && heldLease) {
        ctx.waiters?.expectCallback(upstreamId, task.id);
        return { task: { ...startedTask, nextCheckAt }, heldLease };
      }
      // Its callback wakes the task (and any call waiting for it); the back-off is the fallback.
      if (started.callsBack) return { task: { ...startedTask, nextCheckAt } };
    }
    const state = await ctx.engine.pollJob(
      task.service as MediaService,
      upstreamId,
      channel,
      upstreamStartedAt,
      (task.request as { model?: string } | null)?.model,
      upstreamAccount,
    );
    if (state.state === 'pending') {
      const nextCheckAt = nextLookAt({ ...task, upstreamId }, now + nextCheckDelayMs(task.attempts));
      await scheduleNextCheck(ctx.db, task.id, nextCheckAt);
      return { task: { ...task, upstreamId, nextCheckAt } };
    }
    // A job that ends without a result after our cancel was asked confirms the cancel.
    if (state.state === 'failed' && task.cancelRequestedAt) {
      return { task: await settle(ctx, task.id, await refundTask(ctx, task.id, 'canceled', null)) };
    }
    if (state.state === 'failed' && state.retryable && task.upstreamRestarts < MAX_UPSTREAM_RESTARTS) {
      // "Try again later", and nothing billed: a new job (never the same one polled again).
      if (await restartUpstreamJob(ctx.db, task.id, upstreamId)) {
        ctx.log.warn(
          { taskId: task.id, reason: state.reason },
          'upstream job failed passingly; starting anew',
        );
        const restarted = {
          upstreamId: null,
          channel: null,
          upstreamAccount: null,
          upstreamStartedAt: null,
          nextCheckAt: new Date(),
        };
        return { task: { ...task, ...restarted, upstreamRestarts: task.upstreamRestarts + 1 } };
      }
      return { task: await findTask(ctx.db, task.id) };
    }
    if (state.state === 'failed') {
      const billedMicros = state.upstreamBilled === false ? 0 : undefined;
      const failed = await failTask(ctx, task.id, state.reason, { billedMicros });
      return { task: await settle(ctx, task.id, failed) };
    }
    const urls = await Promise.all(
      state.files.map((file) => storeResultFile(ctx.storage, ctx.config, task.id, file)),
    );
    const result = task.service === 'image' ? { resultUrls: urls } : { videoUrls: urls, resultUrls: urls };
    const expiresAt = resultsExpiryFrom(ctx.clock.now(), ctx.config.RESULT_RETENTION_DAYS);
    const completed = await completeTask(ctx, task.id, result, {
      resultsExpireAt: urls.length > 0 ? expiresAt : undefined,
    });
    return { task: await settle(ctx, task.id, completed) };
  } catch (error) {
    if (error instanceof UpstreamRejected) {
      return {
        // The upstream refused the request itself: it runs and bills nothing, unless it does not
        // promise that (fal's 422): then the channel's price is recorded as possibly billed.
        task: await settle(
          ctx,
          task.id,
          await failTask(ctx, task.id, publicFailureReason(error), {
            billedMicros: error.possiblyBilled ? (error.upstreamCostMicros ?? 0) : 0,
            ...(error.possiblyBilled && error.channel && { channel: error.channel }),
          }),
        ),
      };
    }
    if (error instanceof UpstreamCreateLost) return { task: await createLost(ctx, task, error, now) };
    if (error instanceof UpstreamPaced) {
      // Queued for the upstream's next free slot: a wait, not an attempt (the back-off is untouched).
      const nextCheckAt = new Date(Date.now() + (error.retryAfterMs ?? 1_000));
      await scheduleNextCheck(ctx.db, task.id, nextCheckAt, { countsAttempt: false });
      return { task: { ...task, nextCheckAt } };
    }
    const delay = error instanceof UpstreamUnavailable && error.retryAfterMs ? error.retryAfterMs : undefined;
    ctx.log.warn({ err: error, taskId: task.id }, 'task step failed; will retry');
    const nextCheckAt = nextLookAt(task, now + (delay ?? nextCheckDelayMs(task.attempts)));
    await scheduleNextCheck(ctx.db, task.id, nextCheckAt);
    return { task: { ...task, nextCheckAt } };
  }
}

const lostCreateWaitMs = (ctx: RunnerContext) =>
  (ctx.config.KIE_LOST_CREATE_WAIT_S ?? LOST_CREATE_WAIT_S) * 1000;

/**
 * The create's answer was lost (docs/upstreams.md, "Lost creates"): the task records the channel
 * that may run it and its price, and waits for that upstream's callback, which recovers the job
 * (tasks/upstream-callbacks.ts, recoverLostCreate). An upstream that will not call back cannot recover it:
 * the task is refunded at once, the call recorded as possibly billed.
 */
async function createLost(ctx: RunnerContext, task: StepTask, error: UpstreamCreateLost, now: number) {
  ctx.log.warn({ err: error, taskId: task.id, channel: error.channel }, 'an upstream create answer was lost');
  const until = nextLookAt(task, now + (error.recoverable ? lostCreateWaitMs(ctx) : 0));
  const row = await markCreateLost(ctx.db, task.id, {
    channel: error.channel ?? null,
    account: error.account ?? null,
    upstreamCostMicros: error.upstreamCostMicros ?? null,
    nextCheckAt: until,
  });
  if (!row || row.upstreamId || error.recoverable) return row ?? findTask(ctx.db, task.id);
  return settle(ctx, task.id, await failTask(ctx, task.id, LOST_CREATE_REASON));
}

/** A lost create's task looks again at the end of its wait, and is then refunded (its cost kept). */
async function awaitLostCreate<T extends StepTask>(ctx: RunnerContext, task: T, now: number) {
  const until = (task.upstreamStartedAt as Date).getTime() + lostCreateWaitMs(ctx);
  if (now >= until) return settle(ctx, task.id, await failTask(ctx, task.id, LOST_CREATE_REASON));
  const nextCheckAt = nextLookAt(task, until);
  await scheduleNextCheck(ctx.db, task.id, nextCheckAt, { countsAttempt: false });
  return { ...task, nextCheckAt };
}

/**
 * A job started while a cancel settled its task (the start was in flight): nobody will poll or pay
 * for it, so the upstream is asked to stop it, where it can. Answers the task as the cancel left it.
 */
async function stopOrphanJob(ctx: RunnerContext, task: StepTask, upstreamId: string, channel: string | null) {
  await ctx.engine
    .cancelJob?.(task.service as MediaService, upstreamId, channel)
    .catch((error) => ctx.log.warn({ err: error, taskId: task.id }, 'could not stop an orphan job'));
  return findTask(ctx.db, task.id);
}

/** A held lease is used for a look without a claim only while this much of it is left. */
const LEASE_MARGIN_MS = 5_000;

/**
 * Drives a task until it settles or `waitMs` passes (the sync endpoints). `fresh`: the task this
 * call has just created, already held until `lease` (ChargeInput.leaseUntil): its first step and,
 * when the upstream calls back to this process, its next look need no write to take it. Any other
 * look (the callback is late, or reached another process) claims the task as the pump would.
 * A call that stops waiting gives its lease back, so the pump takes over at once.
 */
export async function runUntilSettled(
  ctx: RunnerContext,
  taskId: string,
  waitMs: number,
  fresh?: { task: StepTask; lease: Date },
): Promise<TaskRow | undefined> {
  const until = Date.now() + waitMs;
  let task: StepTask | TaskRow | undefined = fresh?.task;
  let heldLease: Date | undefined;
  try {
    ({ task, heldLease } = fresh
      ? await stepTask(ctx, fresh.task, fresh.lease)
      : { task: await advanceTask(ctx, taskId) });
    while (task?.status === 'processing' && Date.now() < until) {
      const dueIn = (task.nextCheckAt?.getTime() ?? Date.now()) - Date.now();
      // Another worker may hold the task's lease (its next check then lies far ahead): look again
      // within a second rather than sleeping through the whole wait.
      const sleepMs = Math.max(50, Math.min(dueIn, until - Date.now(), 1_000));
      const reason = ctx.waiters
        ? await ctx.waiters.sleep(taskId, sleepMs)
        : await new Promise<WakeReason>((resolve) => setTimeout(() => resolve('timer'), sleepMs));
      if (reason === 'callback' && heldLease && heldLease.getTime() - Date.now() > LEASE_MARGIN_MS) {
        ({ task, heldLease } = await stepTask(ctx, task, heldLease));
      } else {
        task = await advanceTask(ctx, taskId, heldLease);
        heldLease = undefined;
      }
    }
  } finally {
    if (task?.upstreamId) ctx.waiters?.forgetCallback(task.upstreamId);
    if (heldLease && task?.status === 'processing') await releaseTaskLease(ctx.db, taskId, heldLease);
  }
  // Still running: the answer shows the task as stored.
  return task && 'createdAt' in task ? task : findTask(ctx.db, taskId);
}
