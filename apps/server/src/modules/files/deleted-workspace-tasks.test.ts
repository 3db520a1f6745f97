import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidAccount, deleteOwnAccount, postWithKey } from '../../../test/paid-account.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';

// Issue 32, point 7: a task still running when its account is deleted settles later without a
// fresh expiry: its files answer 410 like the account's other results.
const base = createScriptedEngine();
let isHeld = true;
const engine = {
  ...base,
  startJob: base.startJob,
  pollJob: (service: Parameters<typeof base.pollJob>[0], upstreamId: string) =>
    isHeld ? Promise.resolve({ state: 'pending' as const }) : base.pollJob(service, upstreamId),
};
let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await createTestRuntime({}, { engine });
});
afterAll(() => runtime?.close());

async function taskRow(taskId: string) {
  const { rows } = await runtime.services.pool.query(
    'select status, result, results_expire_at from tasks where id = $1',
    [taskId],
  );
  return rows[0] as {
    status: string;
    result: { resultUrls?: string[] } | null;
    results_expire_at: Date | null;
  };
}

describe('a task running when its account is deleted', () => {
  it('settles with the deletion as its expiry, and its files answer 410', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100 });
    const started = await postWithKey(runtime.app, account.key, '/api/provider/video', {
      prompt: 'a long take',
    });
    expect(started.statusCode, started.body).toBe(200);
    const taskId = started.json().data.taskId as string;
    expect((await taskRow(taskId)).status).toBe('processing');

    const deletedAt = Date.now();
    await deleteOwnAccount(runtime, account);

    isHeld = false;
    const deadline = Date.now() + 30_000;
    while ((await taskRow(taskId)).status === 'processing') {
      if (Date.now() > deadline) throw new Error('the task never settled');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const settled = await taskRow(taskId);
    expect(settled.status).toBe('completed');
    expect(settled.results_expire_at?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(settled.results_expire_at?.getTime()).toBeGreaterThanOrEqual(deletedAt - 1_000);
    const file = settled.result?.resultUrls?.[0];
    expect(file).toBeDefined();
    const answer = await runtime.app.inject({ method: 'GET', url: new URL(file as string).pathname });
    expect(answer.statusCode).toBe(410);
  });
});
