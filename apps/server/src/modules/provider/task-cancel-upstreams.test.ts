import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeFal } from '../../../test/fake-fal.ts';
import { createPaidAccount, ledgerCheck, type PaidAccount } from '../../../test/paid-account.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { type TestRuntime, useTestRuntime } from '../../../test/test-runtime.ts';
import type { Engine } from '../engines/engine.ts';
import { createFalEngine } from '../engines/fal-engine.ts';
import { completeTask } from '../tasks/settle-task.ts';

interface Answer {
  code?: string;
  taskStatus?: string;
  data: { taskId: string; status: string; outcome?: string; creditsRefunded: number; message?: string };
}
const json = (response: LightMyRequestResponse) => response.json() as Answer;

function helpers(runtime: TestRuntime) {
  const call = (method: 'GET' | 'POST', url: string, account: PaidAccount, payload?: unknown) =>
    runtime.app.inject({ method, url, payload: payload as object, headers: { 'x-api-key': account.key } });
  const row = async (taskId: string) =>
    (await runtime.services.pool.query('select * from tasks where id = $1', [taskId])).rows[0] as {
      status: string;
      upstream_id: string | null;
    };
  const until = async (
    taskId: string,
    isDone: (task: { status: string; upstream_id: string | null }) => boolean,
  ) => {
    const end = Date.now() + 15_000;
    let task = await row(taskId);
    while (!isDone(task) && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      task = await row(taskId);
    }
    return task;
  };
  const refunds = async (taskId: string) =>
    (
      await runtime.services.pool.query(
        "select count(*)::int as n from credit_entries where reason = 'refund' and reference = $1",
        [taskId],
      )
    ).rows[0].n as number;
  const cancel = (account: PaidAccount, taskId: string) =>
    call('POST', `/api/provider/tasks/${taskId}/cancel`, account);
  const ledger = (account: PaidAccount) => ledgerCheck(runtime.services, account.workspaceId);
  return { call, row, until, refunds, cancel, ledger };
}

describe('cancel on fal.ai, an upstream that can stop a started job', async () => {
  const fal = await startFakeFal({ pendingPolls: 1_000 });
  afterAll(() => fal.close());
  const falEngine = createFalEngine({ FAL_KEY: fal.key, FAL_BASE_URL: fal.url }, { requestTimeoutMs: 2_000 });
  const engine: Engine = {
    ...createScriptedEngine(),
    name: 'fal',
    isDevelopmentEngine: false,
    startJob: falEngine.startJob,
    pollJob: falEngine.pollJob,
    cancelJob: falEngine.cancelJob,
  };
  const runtime = useTestRuntime({}, { engine });
  const h = helpers(runtime);

  it('asks fal to stop it, refunds when fal confirms, and settles canceled; a later cancel is a 409', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 10 });
    const { taskId } = json(
      // fal.ai serves only what it honours: no translation of the prompt (docs/upstreams.md).
      await h.call('POST', '/api/provider/video', account, {
        prompt: 'a long shot',
        enableTranslation: false,
      }),
    ).data;
    await h.until(taskId, (task) => task.upstream_id !== null);
    const answer = json(await h.cancel(account, taskId)).data;
    expect(answer).toMatchObject({ status: 'processing', outcome: 'cancel_requested', creditsRefunded: 0 });
    expect(fal.cancels).toBe(1);
    // The refund waits for fal's confirmation (the request ending without a result).
    expect(await h.refunds(taskId)).toBe(0);
    expect(await h.until(taskId, (task) => task.status !== 'processing')).toMatchObject({
      status: 'canceled',
    });
    expect(await h.refunds(taskId)).toBe(1);
    expect(await h.ledger(account)).toEqual({ balance: 10, sum: 10 });
    const task = json(await h.call('GET', `/api/provider/tasks/${taskId}`, account)).data;
    expect(task).toMatchObject({ status: 'canceled', creditsRefunded: 10 });
    const again = await h.cancel(account, taskId);
    expect(again.statusCode).toBe(409);
    expect(json(again).taskStatus).toBe('canceled');
  });
});

describe('cancel racing the completion of the same task', () => {
  // An upstream that stops jobs at once (as the local stand-in does): the cancel refunds in the request.
  const scripted = createScriptedEngine();
  const engine: Engine = { ...scripted, cancelJob: async () => 'stopped' };
  const runtime = useTestRuntime({}, { engine });
  const h = helpers(runtime);

  it('charges once and refunds at most once, whichever wins, across many rounds', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100, tier: 'enterprise' });
    for (let round = 0; round < 8; round += 1) {
      const { taskId } = json(
        await h.call('POST', '/api/provider/video', account, { prompt: `round ${round} pending` }),
      ).data;
      await h.until(taskId, (task) => task.upstream_id !== null);
      const [completed, ...cancels] = await Promise.all([
        // What the runner does when the upstream reports the result: the same compare-and-set.
        new Promise((resolve) => setTimeout(resolve, round * 3)).then(() =>
          completeTask({ db: runtime.services.db, engine }, taskId, { videoUrls: [], resultUrls: [] }),
        ),
        ...Array.from({ length: 10 }, () => h.cancel(account, taskId)),
      ]);
      const task = await h.row(taskId);
      const canceledAnswers = cancels.filter((answer) => json(answer).data?.outcome === 'canceled');
      if (task.status === 'completed') {
        expect(completed).toBeDefined();
        expect(await h.refunds(taskId)).toBe(0);
        expect(canceledAnswers).toHaveLength(0);
      } else {
        expect(task.status).toBe('canceled');
        expect(completed).toBeUndefined();
        expect(await h.refunds(taskId)).toBe(1);
        expect(canceledAnswers).toHaveLength(1);
      }
      for (const answer of cancels) expect([200, 409]).toContain(answer.statusCode);
    }
    const ledger = await h.ledger(account);
    expect(ledger.balance).toBe(ledger.sum);
    const { rows } = await runtime.services.pool.query(
      "select count(*) filter (where status = 'completed')::int as done from tasks where workspace_id = $1",
      [account.workspaceId],
    );
    expect(ledger.balance).toBe(100 - 10 * rows[0].done);
  });
});

describe('the operator policy for upstreams that cannot stop a job: refund', () => {
  const engine = createScriptedEngine();
  const runtime = useTestRuntime({ UNSTOPPABLE_CANCEL_POLICY: 'refund' }, { engine });
  const h = helpers(runtime);

  it('settles canceled with a full refund at once, and the job finishing later changes nothing', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 10 });
    const { taskId } = json(
      await h.call('POST', '/api/provider/video', account, { prompt: 'pending work' }),
    ).data;
    await h.until(taskId, (task) => task.upstream_id !== null);
    const answer = json(await h.cancel(account, taskId)).data;
    expect(answer).toMatchObject({ status: 'canceled', outcome: 'canceled', creditsRefunded: 10 });
    expect(answer.message).toMatch(/cannot stop/);
    expect(
      await completeTask({ db: runtime.services.db, engine }, taskId, { videoUrls: [] }),
    ).toBeUndefined();
    expect(await h.ledger(account)).toEqual({ balance: 10, sum: 10 });
    expect(await h.refunds(taskId)).toBe(1);
  });
});
