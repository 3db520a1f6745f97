import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeKie, startFakeKie } from '../../../test/fake-kie.ts';
import { kieEngineOn } from '../../../test/kie-engines.ts';
import { createPaidAccount, ledgerCheck, postWithKey } from '../../../test/paid-account.ts';
import { taskValues } from '../../../test/seeded-calls.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { advanceTask, type RunnerContext } from '../provider/task-runner.ts';
import type { Engine } from './engine.ts';

/*
 * Veo's successFlag 2/3 with errorCode 500 is kie's "internal error, please try again later"
 * (docs/upstreams.md, "kie.ai: video (Veo 3.1)"): the task starts a new job, at most twice,
 * instead of being refunded; any other failure is refunded at once.
 */

let fake: FakeKie;
let runtime: TestRuntime;
let engine: Engine;

const taskRow = (taskId: string) =>
  taskValues(
    runtime.services.pool,
    taskId,
    'status, upstream_id, upstream_restarts, upstream_cost_micros, credits_refunded',
  );
const createsOf = (prompt: string) => fake.created.filter((c) => c.body.prompt === prompt);

async function video(prompt: string) {
  const account = await createPaidAccount(runtime.services);
  const created = await postWithKey(runtime.app, account.key, '/api/provider/video', {
    prompt,
    enableTranslation: false,
  });
  expect(created.statusCode).toBe(200);
  return { account, taskId: created.json().data.taskId as string };
}

beforeAll(async () => {
  fake = await startFakeKie({ pendingPolls: 0 });
  fake.createLimit = 10_000;
  const env = { PROVIDER_ENGINE: 'kie', KIE_API_KEY: fake.apiKey, KIE_BASE_URL: fake.url };
  engine = kieEngineOn(env);
  runtime = await createTestRuntime(env, { engine });
});
afterAll(async () => {
  await runtime?.close();
  await fake?.close();
});

describe("Veo's errorCode 500", () => {
  it('a video whose first job ends with errorCode 500 is created anew and completes: charged once, no refund', async () => {
    fake.flakyFailures = 1;
    const { account, taskId } = await video('flaky once');
    await expect.poll(async () => (await taskRow(taskId)).status, { timeout: 15_000 }).toBe('completed');
    const creates = createsOf('flaky once');
    expect(creates).toHaveLength(2);
    expect(await taskRow(taskId)).toMatchObject({
      upstream_id: creates[1]?.taskId,
      upstream_restarts: 1,
      credits_refunded: 0,
    });
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 10, sum: 10 });
  });

  it('at most two new jobs: a third errorCode 500 fails the task, refunded once, nothing billed', async () => {
    fake.flakyFailures = 10;
    const { account, taskId } = await video('flaky always');
    await expect.poll(async () => (await taskRow(taskId)).status, { timeout: 20_000 }).toBe('failed');
    expect(createsOf('flaky always')).toHaveLength(3);
    expect(await taskRow(taskId)).toMatchObject({
      upstream_restarts: 2,
      upstream_cost_micros: 0,
      credits_refunded: 10,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(createsOf('flaky always')).toHaveLength(3);
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 20, sum: 20 });
  });

  it('any other failure (errorCode 400, moderation) is refunded at once, never created again', async () => {
    const { account, taskId } = await video('fail this video');
    await expect.poll(async () => (await taskRow(taskId)).status, { timeout: 10_000 }).toBe('failed');
    expect(createsOf('fail this video')).toHaveLength(1);
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 20, sum: 20 });
  });

  it('ten steps racing on a task whose job ended with errorCode 500 start one new job, not ten', async () => {
    fake.flakyFailures = 1;
    const { taskId } = await video('flaky raced');
    await expect.poll(async () => (await taskRow(taskId)).upstream_id, { timeout: 5_000 }).toBeTruthy();
    const { services } = runtime;
    const ctx: RunnerContext = {
      db: services.db,
      engine,
      config: services.config,
      storage: services.storage,
      clock: services.clock,
      log: services.log,
    };
    // Every one of them finds the look due, as after a crash or a callback.
    await runtime.services.pool.query(`update tasks set next_check_at = now() where id = $1`, [taskId]);
    await Promise.all(Array.from({ length: 10 }, () => advanceTask(ctx, taskId)));
    await expect.poll(async () => (await taskRow(taskId)).status, { timeout: 15_000 }).toBe('completed');
    expect(createsOf('flaky raced')).toHaveLength(2);
  });
});
