import type { FastifyReply } from 'fastify';
import type { Db } from '../../platform/database.ts';
import { getBalance } from '../credits/ledger.ts';
import type { TaskRow } from '../tasks/schema.ts';
import { findTask } from '../tasks/settle-task.ts';
import type { PaidCharge } from './gateway.ts';
import type { RunnerContext } from './task-runner.ts';

/**
 * The headers of every paid answer (docs/product.md, "Controlling a paid call"): `X-Credits-Charged`,
 * what the task was charged (once: a replay charges nothing more and says `Idempotent-Replayed:
 * true`), `X-Credits-Refunded`, what it was given back (a failed call's whole cost, so charged less
 * refunded is what it cost, as `creditsCharged` and `creditsRefunded` say), and `X-Credits-Remaining`, the balance after it, refunds included. A new async task's
 * balance is the debit's own answer (`task` absent), a task this call settled the settle's
 * (`balanceAfter`); with any other task (waited for, replayed, settled elsewhere) it is read again.
 */
export async function setPaidHeaders(
  reply: FastifyReply,
  db: Db,
  charged: PaidCharge,
  task?: TaskRow & { balanceAfter?: number },
) {
  const remaining = task
    ? (task.balanceAfter ?? (await getBalance(db, task.workspaceId)))
    : (charged as { balance: number }).balance;
  reply.header('x-credits-charged', String(task?.cost ?? charged.cost));
  // What was given back (failed, canceled, aborted): charged less refunded is the net, as the body says.
  reply.header('x-credits-refunded', String(task?.creditsRefunded ?? 0));
  reply.header('x-credits-remaining', String(remaining));
  if (charged.isReplay) reply.header('idempotent-replayed', 'true');
}

/**
 * `Prefer: wait=N`: the task once it settles, or as it stands after `waitMs`. Woken when the task
 * settles in any process (task-waiters.ts), and looking at least every second besides.
 */
export async function waitForSettle(
  runner: RunnerContext,
  taskId: string,
  waitMs: number,
): Promise<TaskRow | undefined> {
  const until = Date.now() + waitMs;
  let task = await findTask(runner.db, taskId);
  while (task?.status === 'processing' && Date.now() < until) {
    const sleepMs = Math.min(1_000, until - Date.now());
    if (runner.waiters) await runner.waiters.sleep(taskId, sleepMs);
    else await new Promise((resolve) => setTimeout(resolve, sleepMs));
    task = await findTask(runner.db, taskId);
  }
  return task;
}
