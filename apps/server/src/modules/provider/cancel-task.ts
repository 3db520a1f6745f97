import type { CancelResult } from '@conduit/contracts';
import { ERROR_CODES } from '@conduit/contracts';
import type { Config } from '../../platform/config.ts';
import { AppError, NotFound } from '../../platform/errors.ts';
import type { CancelOutcome, MediaService } from '../engines/engine.ts';
import type { TaskRow } from '../tasks/schema.ts';
import { findTask, markCancelRequested, refundTask } from '../tasks/settle-task.ts';
import type { KeyIdentity } from './authenticate-key.ts';
import { assertKeyCovers } from './key-refusals.ts';
import { type RunnerContext, settle } from './task-runner.ts';

/** 409: the task has already settled; the answer says how. */
export class TaskAlreadySettled extends AppError {
  constructor(task: Pick<TaskRow, 'id' | 'status'>) {
    super(ERROR_CODES.CONFLICT, `The task has already settled: it is ${task.status}`, {
      details: { taskId: task.id, taskStatus: task.status },
    });
  }
}

export const CANCEL_MESSAGES = {
  notStarted: 'The task was canceled before it started upstream; its credits were refunded.',
  stopped: 'The task was stopped upstream and canceled; its credits were refunded.',
  requested:
    'The upstream was asked to stop the task. If it confirms, the task settles canceled and is refunded; if the work finishes first, it completes and stays charged. Watch its status or webhook.',
  tooLate:
    'The upstream had already finished the task: it settles as it ended, and is charged if it completed.',
  unstoppable: 'The task has started upstream, which cannot stop it: it runs to its end and stays charged.',
  refundedByPolicy:
    'The task has started upstream, which cannot stop it; it was canceled here and its credits were refunded.',
} as const;

type CancelContext = RunnerContext & { policy: Config['UNSTOPPABLE_CANCEL_POLICY'] };

const answer = (
  task: Pick<TaskRow, 'id' | 'status' | 'creditsRefunded'>,
  outcome: CancelResult['outcome'],
  message: string,
): CancelResult => ({
  taskId: task.id,
  status: task.status,
  outcome,
  creditsRefunded: outcome === 'canceled' ? task.creditsRefunded : 0,
  message,
});

/**
 * Cancels one of the workspace's tasks (docs/product.md, "Controlling a paid call"). Every refund goes
 * through refundTask's compare-and-set, so a cancel racing another cancel, the task's completion
 * or the sweeper refunds at most once, and an answer says `canceled` only for the cancel that
 * made the refund; the others answer 409 with the status the task settled in.
 */
export async function cancelTask(
  ctx: CancelContext,
  workspaceId: string,
  taskId: string,
  /** The key that asks: it cancels only tasks of the services it may call. */
  key?: Pick<KeyIdentity, 'permissions'> & { livemode?: boolean },
): Promise<CancelResult> {
  const task = await findTask(ctx.db, taskId);
  // A task of the other mode (test or live) is as unknown to the key as another workspace's.
  if (
    !task ||
    task.workspaceId !== workspaceId ||
    (key?.livemode !== undefined && task.livemode !== key.livemode)
  )
    throw new NotFound('Task not found');
  if (key) assertKeyCovers(key, task.service);
  if (task.status !== 'processing') throw new TaskAlreadySettled(task);
  const refund = async (message: string, onlyIfNotStarted = false) => {
    const canceled = await refundTask(ctx, task.id, 'canceled', null, { onlyIfNotStarted });
    if (canceled) return answer((await settle(ctx, task.id, canceled)) ?? canceled, 'canceled', message);
    // Another settler won (or, not started a moment ago, its job has started since): as it is now.
    return cancelAgain(ctx, workspaceId, task.id);
  };
  // A LinkedIn call is running in the request that made it: started, and not stoppable.
  if (!task.upstreamId && task.service !== 'linkedin') return refund(CANCEL_MESSAGES.notStarted, true);
  const outcome: CancelOutcome =
    task.upstreamId && ctx.engine.cancelJob
      ? await ctx.engine.cancelJob(task.service as MediaService, task.upstreamId, task.channel)
      : 'unsupported';
  if (outcome === 'stopped') return refund(CANCEL_MESSAGES.stopped);
  if (outcome === 'requested') {
    const marked = await markCancelRequested(ctx.db, task.id);
    if (!marked) return cancelAgain(ctx, workspaceId, task.id);
    ctx.waiters?.wake(task.id);
    return answer(marked, 'cancel_requested', CANCEL_MESSAGES.requested);
  }
  if (outcome === 'finished') return answer(task, 'continues', CANCEL_MESSAGES.tooLate);
  if (ctx.policy === 'refund') return refund(CANCEL_MESSAGES.refundedByPolicy);
  return answer(task, 'continues', CANCEL_MESSAGES.unstoppable);
}

/** After a lost race: a settled task answers 409; one that started meanwhile is canceled as started. */
async function cancelAgain(ctx: CancelContext, workspaceId: string, taskId: string) {
  const task = await findTask(ctx.db, taskId);
  if (task && task.status !== 'processing') throw new TaskAlreadySettled(task);
  return cancelTask(ctx, workspaceId, taskId);
}
