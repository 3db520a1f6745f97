import { SERVICE_COST } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { createPaidAccount, ledgerCheck } from '../../../test/paid-account.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';

/*
 * `Cancel-After` against a start on its way, on the development engine set to accept a job only
 * after 3 s (LOCAL_START_SECONDS), as a busy upstream does. A task whose start was sent before its
 * Cancel-After runs where it was accepted, and is charged its price like any started task; a task
 * still waiting for its start when Cancel-After passes is aborted, never sent, refunded in full.
 */
const runtime = useTestRuntime({ LOCAL_START_SECONDS: '3', LOCAL_VIDEO_SECONDS: '1' });
const COST = SERVICE_COST.video;

const video = (key: string, prompt: string) =>
  runtime.app.inject({
    method: 'POST',
    url: '/api/provider/video',
    headers: { 'x-api-key': key, 'cancel-after': '1s' },
    payload: { prompt },
  });

async function settledTasks(workspaceId: string, count: number) {
  const deadline = Date.now() + 40_000;
  for (;;) {
    const { rows } = await runtime.services.pool.query(
      `select t.id, t.status, t.upstream_id, t.cost,
              (select count(*)::int from credit_entries e where e.reference = t.id and e.reason = 'refund') as refunds
         from tasks t where t.workspace_id = $1`,
      [workspaceId],
    );
    if (rows.length === count && rows.every((row) => row.status !== 'processing')) return rows;
    if (Date.now() > deadline) throw new Error(`tasks still running: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('Cancel-After with a slow upstream start', () => {
  it('a start sent in time runs and is charged; one that had not been sent is aborted and refunded', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100 });
    // The first wave is taken by the pump at once: its starts take 3 s. The second comes while
    // they are on their way; its turn comes after them, past its Cancel-After.
    const first = await Promise.all([1, 2].map((n) => video(account.key, `first wave ${n}`)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const second = await Promise.all([1, 2].map((n) => video(account.key, `second wave ${n}`)));
    for (const answer of [...first, ...second]) expect(answer.statusCode, answer.body).toBe(200);
    const secondIds = new Set(second.map((answer) => answer.json().data.taskId as string));

    const tasks = await settledTasks(account.workspaceId, 4);
    const completed = tasks.filter((task) => task.status === 'completed');
    const aborted = tasks.filter((task) => task.status === 'aborted');
    expect(completed.length, JSON.stringify(tasks)).toBeGreaterThanOrEqual(1);
    for (const id of secondIds) expect(aborted.map((task) => task.id)).toContain(id);
    expect(completed.length + aborted.length).toBe(4);
    // Completed: sent upstream, charged, never refunded. Aborted: never sent, refunded once.
    for (const task of completed) expect([task.upstream_id !== null, task.refunds]).toEqual([true, 0]);
    for (const task of aborted) expect([task.upstream_id, task.refunds]).toEqual([null, 1]);
    const balance = 100 - completed.length * COST;
    expect(await ledgerCheck(runtime.services, account.workspaceId)).toEqual({ balance, sum: balance });
  }, 60_000);
});
