import type { Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/database.ts';
import type { Clock } from '../../platform/services.ts';
import type { Engine, MediaInput, MediaService } from '../engines/engine.ts';
import { UpstreamRejected, UpstreamUnavailable } from '../engines/engine.ts';
import { storeResultFile } from '../files/result-files.ts';
import type { ResultStore } from '../files/result-store.ts';
import { resultsExpiryFrom } from '../files/retention.ts';
import type { TaskRow } from '../tasks/schema.ts';
import {
  claimTaskStep,
  completeTask,
  failTask,
  findTask,
  markTaskStarted,
  scheduleNextCheck,
} from '../tasks/settle-task.ts';
import type { TaskWaiters } from './task-waiters.ts';

export interface RunnerContext {
  db: Db;
  engine: Engine;
  config: Pick<Config, 'PUBLIC_URL' | 'TASK_LEASE_S' | 'RESULT_RETENTION_DAYS'>;
  storage: ResultStore;
  clock: Clock;
  log: Logger;
  /** Called once when a task settles (completed or failed), e.g. to queue its webhook. */
  onSettled?: (task: TaskRow) => void;
  /** Sync calls waiting in this process: woken when their task settles here or is called back. */
  waiters?: TaskWaiters;
}

/** Back-off between checks of a running upstream job: quick at first, then every 30 s. */
export const nextCheckDelayMs = (attempts: number) => Math.min(30_000, 500 * 2 ** Math.min(attempts, 6));

const MEDIA_SERVICES = new Set(['image', 'video', 'sora']);

function mediaInputOf(task: TaskRow): MediaInput {
  return { service: task.service as MediaService, request: task.request } as MediaInput;
}

export function publicFailureReason(error: unknown): string {
  if (error instanceof UpstreamRejected) return error.message;
  return 'The generation failed upstream';
}

async function settle(ctx: RunnerContext, settled: TaskRow | undefined) {
  if (settled) {
    ctx.onSettled?.(settled);
    ctx.waiters?.wake(settled.id);
  }
  return settled;
}

/**
 * Moves one media task forward by one step: start it upstream if it has not started, else ask
 * the upstream how it is doing; store results and settle, or schedule the next look. Safe to
 * call from several processes at once: settling is compare-and-set, and a late start or poll of
 * a settled task does nothing.
 */
export async function advanceTask(ctx: RunnerContext, taskId: string): Promise<TaskRow | undefined> {
  // Longer than any one upstream call or result download takes (TASK_LEASE_S, 180 s by default).
  const leaseMs = ctx.config.TASK_LEASE_S * 1000;
  const task = await claimTaskStep(ctx.db, taskId, leaseMs);
  if (!task) return findTask(ctx.db, taskId);
  const now = Date.now();
  if (task.deadlineAt.getTime() <= now) {
    return settle(ctx, await failTask(ctx.db, task.id, 'The task did not finish before its deadline'));
  }
  if (!MEDIA_SERVICES.has(task.service)) return task;
  try {
    let { upstreamId, channel } = task;
    if (!upstreamId) {
      const started = await ctx.engine.startJob(mediaInputOf(task), { taskId: task.id });
      ({ upstreamId } = started);
      channel = started.channel ?? null;
      if (started.callsBack) {
        // Its callback wakes the task (and any call waiting for it); the back-off is the fallback.
        const nextCheckAt = new Date(now + nextCheckDelayMs(task.attempts));
        await markTaskStarted(ctx.db, task.id, started, nextCheckAt);
        return { ...task, upstreamId, channel, nextCheckAt };
      }
      await markTaskStarted(ctx.db, task.id, started, new Date(now + leaseMs));
    }
    const state = await ctx.engine.pollJob(task.service as MediaService, upstreamId, channel);
    if (state.state === 'pending') {
      const nextCheckAt = new Date(now + nextCheckDelayMs(task.attempts));
      await scheduleNextCheck(ctx.db, task.id, nextCheckAt);
      return { ...task, upstreamId, nextCheckAt };
    }
    if (state.state === 'failed') return settle(ctx, await failTask(ctx.db, task.id, state.reason));
    const urls = await Promise.all(
      state.files.map((file) => storeResultFile(ctx.storage, ctx.config, task.id, file)),
    );
    const result = task.service === 'image' ? { resultUrls: urls } : { videoUrls: urls, resultUrls: urls };
    const expiresAt = resultsExpiryFrom(ctx.clock.now(), ctx.config.RESULT_RETENTION_DAYS);
    return settle(
      ctx,
      await completeTask(ctx.db, task.id, result, {
        resultsExpireAt: urls.length > 0 ? expiresAt : undefined,
      }),
    );
  } catch (error) {
    if (error instanceof UpstreamRejected) {
      return settle(ctx, await failTask(ctx.db, task.id, publicFailureReason(error)));
    }
    const delay = error instanceof UpstreamUnavailable && error.retryAfterMs ? error.retryAfterMs : undefined;
    ctx.log.warn({ err: error, taskId: task.id }, 'task step failed; will retry');
    const nextCheckAt = new Date(now + (delay ?? nextCheckDelayMs(task.attempts)));
    await scheduleNextCheck(ctx.db, task.id, nextCheckAt);
    return { ...task, nextCheckAt };
  }
}

/** Drives a task until it settles or `waitMs` passes (the sync endpoints). */
export async function runUntilSettled(
  ctx: RunnerContext,
  taskId: string,
  waitMs: number,
): Promise<TaskRow | undefined> {
  const until = Date.now() + waitMs;
  let task = await advanceTask(ctx, taskId);
  while (task?.status === 'processing' && Date.now() < until) {
    const dueIn = (task.nextCheckAt?.getTime() ?? Date.now()) - Date.now();
    // Another worker may hold the task's lease (its next check then lies far ahead): look again
    // within a second rather than sleeping through the whole wait.
    const sleepMs = Math.max(50, Math.min(dueIn, until - Date.now(), 1_000));
    if (ctx.waiters) await ctx.waiters.sleep(taskId, sleepMs);
    else await new Promise((resolve) => setTimeout(resolve, sleepMs));
    task = await advanceTask(ctx, taskId);
  }
  return task;
}
