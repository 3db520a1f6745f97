import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidAccount, postWithKey } from '../../../test/paid-account.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { completeTask, failTask, findTask, markTaskStarted } from './settle-task.ts';

/** The engine the test runtimes answer with (PROVIDER_ENGINE's default in tests). */
const engine = { name: 'local', isDevelopmentEngine: true };

/**
 * The batched started and complete writes are plain SQL (UPDATE ... FROM unnest), mapped to rows
 * by hand: the row a completion answers must be the row drizzle reads for the same task.
 */
describe('the batched task writes', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    // API only: no worker steps the video task while the test writes it.
    runtime = await createTestRuntime({ ROLE: 'api' });
  });
  afterAll(() => runtime.close());

  let balances: number[] = [];
  const newVideoTask = async () => {
    const account = await createPaidAccount(runtime.services);
    const created = await postWithKey(runtime.app, account.key, '/api/provider/video', { prompt: 'a field' });
    expect(created.statusCode).toBe(200);
    balances.push(Number(created.headers['x-credits-remaining']));
    return created.json().data.taskId as string;
  };

  it('answers each completed task as findTask reads it, every column set', async () => {
    const { db } = runtime.services;
    const settler = { db, engine };
    balances = [];
    const ids = [await newVideoTask(), await newVideoTask()];
    const nextCheckAt = new Date(Date.now() + 60_000);
    await Promise.all(
      ids.map((id, i) =>
        markTaskStarted(
          db,
          id,
          { upstreamId: `up-${i}`, channel: 'local:video', upstreamCostMicros: 1_500 },
          nextCheckAt,
        ),
      ),
    );
    const expiresAt = new Date('2030-01-02T03:04:05.678Z');
    const completed = await Promise.all(
      ids.map((id, i) =>
        completeTask(
          settler,
          id,
          { videoUrls: [`https://x.test/${i}.mp4`], resultUrls: [`https://x.test/${i}.mp4`] },
          {
            servedBy: { channel: 'kie:video', upstreamCostMicros: 2_000_000 + i },
            resultsExpireAt: expiresAt,
          },
        ),
      ),
    );
    for (const [i, id] of ids.entries()) {
      const row = completed[i];
      expect(row).toMatchObject({
        id,
        status: 'completed',
        upstreamId: `up-${i}`,
        channel: 'kie:video',
        upstreamCostMicros: 2_000_000 + i,
        resultsExpireAt: expiresAt,
        result: { videoUrls: [`https://x.test/${i}.mp4`] },
        attempts: 1,
      });
      expect(row?.completedAt).toBeInstanceOf(Date);
      const { balanceAfter, ...task } = row as NonNullable<typeof row>;
      expect(task).toEqual(await findTask(db, id));
      // The account's balance, answered by the same statement (each account paid for one video).
      expect(balanceAfter).toBe(balances[i]);
    }
  });

  it('answers nothing for a task already settled, and leaves it as it was', async () => {
    const { db } = runtime.services;
    const settler = { db, engine };
    const id = await newVideoTask();
    const first = await completeTask(settler, id, { videoUrls: ['https://x.test/a.mp4'] });
    expect(first?.status).toBe('completed');
    expect(await completeTask(settler, id, { videoUrls: ['https://x.test/b.mp4'] })).toBeUndefined();
    expect((await findTask(db, id))?.result).toEqual({ videoUrls: ['https://x.test/a.mp4'] });
  });
});

describe('what a failed task cost upstream', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await createTestRuntime({ ROLE: 'api' });
  });
  afterAll(() => runtime.close());

  const startedVideoTask = async () => {
    const account = await createPaidAccount(runtime.services);
    const created = await postWithKey(runtime.app, account.key, '/api/provider/video', { prompt: 'a field' });
    const taskId = created.json().data.taskId as string;
    await markTaskStarted(runtime.services.db, taskId, {
      upstreamId: `up-${taskId}`,
      channel: 'kie:video',
      upstreamCostMicros: 300_000,
    });
    return taskId;
  };
  const costOf = async (taskId: string) =>
    (
      await runtime.services.pool.query(
        'select status, credits_refunded, upstream_cost_micros, upstream_started_at is not null as started from tasks where id = $1',
        [taskId],
      )
    ).rows[0];

  it('a task the upstream ran keeps its price when we refund it; one it billed nothing for records 0', async () => {
    const ran = await startedVideoTask();
    const notBilled = await startedVideoTask();
    await Promise.all([
      failTask({ db: runtime.services.db, engine }, ran, 'The task did not finish before its deadline'),
      failTask({ db: runtime.services.db, engine }, notBilled, 'The generation failed upstream', {
        billedMicros: 0,
      }),
    ]);
    expect(await costOf(ran)).toEqual({
      status: 'failed',
      credits_refunded: 10,
      upstream_cost_micros: 300_000,
      started: true,
    });
    expect(await costOf(notBilled)).toEqual({
      status: 'failed',
      credits_refunded: 10,
      upstream_cost_micros: 0,
      started: true,
    });
  });
});
