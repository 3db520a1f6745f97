import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeFal, startFakeFal } from '../../../test/fake-fal.ts';
import { type FakeKie, startFakeKie } from '../../../test/fake-kie.ts';
import { kieThenFal } from '../../../test/kie-engines.ts';
import { createPaidAccount, ledgerCheck, postWithKey } from '../../../test/paid-account.ts';
import { taskValues } from '../../../test/seeded-calls.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import type { Services } from '../../platform/services.ts';

/*
 * What an upstream's refusal records (docs/upstreams.md, "What each task cost upstream"): kie's
 * 404 "task not found" at a poll ends the task at once, not billed; fal's 422 may be billed (fal
 * promises only that 5xx answers are free), so the task records fal's price although it is refunded.
 */

let kie: FakeKie;
let fal: FakeFal;
let runtime: TestRuntime;

const taskRow = (taskId: string) =>
  taskValues(
    runtime.services.pool,
    taskId,
    'status, channel, upstream_id, upstream_cost_micros, credits_refunded',
  );
async function refundsOf(taskId: string) {
  const { rows } = await runtime.services.pool.query(
    `select delta from credit_entries where reason = 'refund' and reference = $1`,
    [taskId],
  );
  return rows.map((row) => row.delta);
}

beforeAll(async () => {
  kie = await startFakeKie({ pendingPolls: 1_000 });
  fal = await startFakeFal({ pendingPolls: 1 });
  kie.createLimit = 10_000;
  runtime = await createTestRuntime(
    {},
    { engine: (services: Services) => kieThenFal(services, { kie, fal }, { requestTimeoutMs: 1_000 }) },
  );
});
afterAll(async () => {
  await runtime?.close();
  await Promise.all([kie?.close(), fal?.close()]);
});

describe('kie.ai 404 "task not found" at a poll', () => {
  it('fails the task at its next look, not at its deadline: refunded once, nothing billed, never created again', async () => {
    const account = await createPaidAccount(runtime.services);
    const created = await postWithKey(runtime.app, account.key, '/api/provider/video', {
      prompt: 'forgotten video',
      enableTranslation: false,
    });
    const { taskId } = created.json().data;
    await expect.poll(async () => (await taskRow(taskId)).upstream_id, { timeout: 5_000 }).toBeTruthy();
    kie.forget((await taskRow(taskId)).upstream_id as string);
    await runtime.services.pool.query(`update tasks set next_check_at = now() where id = $1`, [taskId]);
    await expect.poll(async () => (await taskRow(taskId)).status, { timeout: 5_000 }).toBe('failed');
    expect(await taskRow(taskId)).toMatchObject({ upstream_cost_micros: 0, credits_refunded: 10 });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await refundsOf(taskId)).toEqual([10]);
    expect(kie.created.filter((c) => c.body.prompt === 'forgotten video')).toHaveLength(1);
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 20, sum: 20 });
  });
});

describe("fal.ai's 422", () => {
  it('a request fal refuses with 422 is refunded once but recorded as possibly billed at fal', async () => {
    const account = await createPaidAccount(runtime.services);
    // kie.ai is in maintenance: fal.ai takes the image, and refuses it.
    kie.failNext('createTask', { code: 455, msg: 'Service maintenance' });
    const answer = await postWithKey(runtime.app, account.key, '/api/provider/image', {
      prompt: 'reject at fal',
    });
    expect(answer.json()).toMatchObject({ code: 'UPSTREAM_FAILED', creditsRefunded: 1 });
    const { rows } = await runtime.services.pool.query(`select id from tasks where workspace_id = $1`, [
      account.workspaceId,
    ]);
    const taskId = rows[0].id;
    expect(fal.submitted.filter((s) => s.body.prompt === 'reject at fal')).toHaveLength(0);
    expect(await taskRow(taskId)).toMatchObject({
      status: 'failed',
      channel: 'fal:image',
      upstream_cost_micros: 39_000,
      credits_refunded: 1,
    });
    expect(await refundsOf(taskId)).toEqual([1]);
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 20, sum: 20 });
  });
});
