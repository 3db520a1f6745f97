import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeFal } from '../../../test/fake-fal.ts';
import type { FakeKie, LostAnswer } from '../../../test/fake-kie.ts';
import { deliverKieCallbacks, kieThenFal, withFakeKieAndFal } from '../../../test/kie-engines.ts';
import { createPaidAccount, ledgerCheck, postWithKey } from '../../../test/paid-account.ts';
import { taskValues } from '../../../test/seeded-calls.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import type { Services } from '../../platform/services.ts';
import { LOST_CREATE_REASON } from '../provider/task-runner.ts';

/*
 * A kie.ai create whose answer is lost (docs/upstreams.md, "Lost creates"): kie accepted it and
 * runs it, so it is never sent again nor sent to fal.ai; kie's signed callback, which names our
 * task in its URL, recovers it; without one, the task is refunded once and recorded as possibly billed.
 */

const HMAC_KEY = 'kie-lost-create-key';
const PUBLIC_URL = 'https://conduit.example';

let kie: FakeKie;
let fal: FakeFal;

/** The real app with kie.ai first and fal.ai second, as production builds them; callbacks delivered to it. */
async function runtimeWith(env: Record<string, string>, kieTimeoutMs = 400): Promise<TestRuntime> {
  const runtime = await createTestRuntime(
    { PROVIDER_ENGINE: 'kie', KIE_API_KEY: kie.apiKey, KIE_BASE_URL: kie.url, PUBLIC_URL, ...env },
    {
      engine: (services: Services) =>
        kieThenFal(
          services,
          { kie, fal },
          {
            requestTimeoutMs: kieTimeoutMs,
            kieEnv: { KIE_WEBHOOK_HMAC_KEY: env.KIE_WEBHOOK_HMAC_KEY, PUBLIC_URL },
          },
        ),
    },
  );
  // kie calls back our public URL: here, the app itself.
  deliverKieCallbacks(kie, runtime);
  return runtime;
}

const taskRow = (runtime: TestRuntime, taskId: string) =>
  taskValues(
    runtime.services.pool,
    taskId,
    'status, upstream_id, channel, upstream_cost_micros, credits_refunded, error',
  );

/** The one task of a workspace, once its call has created it. */
async function onlyTaskOf(runtime: TestRuntime, workspaceId: string): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const { rows } = await runtime.services.pool.query('select id from tasks where workspace_id = $1', [
          workspaceId,
        ]);
        id = rows[0]?.id;
        return id;
      },
      { timeout: 5_000 },
    )
    .toBeTruthy();
  return id as string;
}

async function refundsOf(runtime: TestRuntime, taskId: string) {
  const { rows } = await runtime.services.pool.query(
    `select delta from credit_entries where reason = 'refund' and reference = $1`,
    [taskId],
  );
  return rows.map((row) => row.delta);
}

const createsWith = (text: string) => kie.created.filter((c) => JSON.stringify(c.body).includes(text));
const falSubmits = (text: string) =>
  fal.submitted.filter((s) => JSON.stringify(s.body).includes(text)).length;

/**
 * A new account, with kie.ai set to lose its answer to the next create at `endpoint` (`how`) and to
 * call back `callbackAfterMs` after a create.
 */
async function accountWithLostCreate(
  runtime: TestRuntime,
  endpoint: 'createTask' | 'generate',
  how: LostAnswer,
  callbackAfterMs: number,
) {
  const account = await createPaidAccount(runtime.services);
  kie.callbackAfterMs = callbackAfterMs;
  kie.loseNextAnswer(endpoint, how);
  return account;
}

/** Waits until the task's `column` reads `value`. */
const taskBecomes = (
  runtime: TestRuntime,
  taskId: string,
  column: 'status' | 'channel',
  value: string,
  timeout: number,
) => expect.poll(async () => (await taskRow(runtime, taskId))[column], { timeout }).toBe(value);

/** Waits until the task of `prompt` completes, created at kie.ai once and never sent to fal.ai: kie's create. */
async function completedAtKieOnce(runtime: TestRuntime, taskId: string, prompt: string, timeout: number) {
  await taskBecomes(runtime, taskId, 'status', 'completed', timeout);
  expect(createsWith(prompt)).toHaveLength(1);
  expect(falSubmits(prompt)).toBe(0);
  return createsWith(prompt)[0];
}

withFakeKieAndFal({ pendingPolls: 1, webhookHmacKey: HMAC_KEY }, (fakes) => {
  ({ kie, fal } = fakes);
});

describe('with signed callbacks', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await runtimeWith({ KIE_WEBHOOK_HMAC_KEY: HMAC_KEY, KIE_LOST_CREATE_WAIT_S: '600' });
  });
  afterAll(() => runtime?.close());

  const losses: Array<[string, LostAnswer]> = [
    ['a dropped connection', 'drop'],
    ['a timeout', 'hang'],
    ['a 500', 500],
  ];
  for (const [name, how] of losses) {
    it(`an image whose create answer is lost to ${name}: kie's callback recovers it, one kie task, none at fal, charged once`, async () => {
      const prompt = `lost create ${how}`;
      const account = await accountWithLostCreate(runtime, 'createTask', how, 1_000);
      const answer = await postWithKey(runtime.app, account.key, '/api/provider/image', { prompt });
      expect(answer.statusCode).toBe(200);
      const { taskId } = answer.json().data;

      const create = await completedAtKieOnce(runtime, taskId, prompt, 10_000);
      expect(await taskRow(runtime, taskId)).toMatchObject({
        upstream_id: create?.taskId,
        channel: 'kie:image',
        upstream_cost_micros: 20_000,
        credits_refunded: 0,
      });
      expect(await refundsOf(runtime, taskId)).toEqual([]);
      expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 19, sum: 19 });
    });
  }

  it('a lost video create: no second create over many pump ticks, then the callback settles it', async () => {
    const prompt = 'lost video create';
    const account = await accountWithLostCreate(runtime, 'generate', 500, 3_000);
    const created = await postWithKey(runtime.app, account.key, '/api/provider/video', {
      prompt,
      enableTranslation: false,
    });
    const { taskId } = created.json().data;
    await taskBecomes(runtime, taskId, 'channel', 'kie:video', 5_000);
    // The pump looks at the task while it waits: nothing is re-sent, to kie.ai or to fal.ai.
    await runtime.services.pool.query(`update tasks set next_check_at = now() where id = $1`, [taskId]);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await taskRow(runtime, taskId)).toMatchObject({ status: 'processing', upstream_id: null });
    expect(createsWith(prompt)).toHaveLength(1);

    const create = await completedAtKieOnce(runtime, taskId, prompt, 15_000);
    expect(await taskRow(runtime, taskId)).toMatchObject({
      upstream_id: create?.taskId,
      upstream_cost_micros: 300_000,
    });
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 10, sum: 10 });
  });

  it('a callback whose URL names a task with a forged reference recovers nothing', async () => {
    const prompt = 'forged reference';
    const account = await accountWithLostCreate(runtime, 'createTask', 500, 60_000);
    // The sync call waits on; the task is watched in the database meanwhile.
    const pending = postWithKey(runtime.app, account.key, '/api/provider/image', { prompt });
    const taskId = await onlyTaskOf(runtime, account.workspaceId);
    await taskBecomes(runtime, taskId, 'channel', 'kie:image', 5_000);
    const [create] = createsWith(prompt);
    const signed = kie.callbacks.length;
    // A real signed callback of that kie task, delivered to a URL naming our task with a made-up reference.
    const url = new URL(`${PUBLIC_URL}/api/engines/kie/callback`);
    url.searchParams.set('task', taskId);
    url.searchParams.set('ref', 'A'.repeat(32));
    const toApp = kie.deliver;
    kie.deliver = async (callback) => {
      await runtime.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: callback.headers,
        payload: callback.body,
      });
    };
    await kie.callBack(create?.taskId as string).finally(() => {
      kie.deliver = toApp;
    });
    expect(kie.callbacks.length).toBe(signed + 1);
    expect(await taskRow(runtime, taskId)).toMatchObject({ status: 'processing', upstream_id: null });
    await runtime.services.pool.query(
      `update tasks set deadline_at = now(), next_check_at = now() where id = $1`,
      [taskId],
    );
    await pending;
  });

  it('five copies of the recovering callback at once: recovered once, completed once, charged once', async () => {
    const prompt = 'duplicated callbacks';
    const account = await accountWithLostCreate(runtime, 'createTask', 'drop', 600_000);
    const pending = postWithKey(runtime.app, account.key, '/api/provider/image', { prompt });
    const taskId = await onlyTaskOf(runtime, account.workspaceId);
    await taskBecomes(runtime, taskId, 'channel', 'kie:image', 5_000);
    const [create] = createsWith(prompt);
    await Promise.all(Array.from({ length: 5 }, () => kie.callBack(create?.taskId as string)));
    expect((await pending).json().data).toMatchObject({ status: 'completed', taskId });
    expect(await taskRow(runtime, taskId)).toMatchObject({
      upstream_id: create?.taskId,
      credits_refunded: 0,
    });
    expect(createsWith(prompt)).toHaveLength(1);
    expect(await refundsOf(runtime, taskId)).toEqual([]);
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 19, sum: 19 });
  });

  it('five copies at once of the callback of a sync call that holds its task here: answered completed, nothing recovered, charged once', async () => {
    const prompt = 'held call duplicated callbacks';
    const account = await createPaidAccount(runtime.services);
    kie.callbackAfterMs = 600_000;
    const pending = postWithKey(runtime.app, account.key, '/api/provider/image', { prompt });
    const taskId = await onlyTaskOf(runtime, account.workspaceId);
    // The create was answered and its job id stored: from here the call waits for kie's callback.
    await expect
      .poll(async () => (await taskRow(runtime, taskId)).upstream_id, { timeout: 5_000 })
      .toBeTruthy();
    const [create] = createsWith(prompt);
    await Promise.all(Array.from({ length: 5 }, () => kie.callBack(create?.taskId as string)));
    expect((await pending).json().data).toMatchObject({ status: 'completed', taskId });
    expect(await taskRow(runtime, taskId)).toMatchObject({
      upstream_id: create?.taskId,
      channel: 'kie:image',
      credits_refunded: 0,
      error: null,
    });
    expect(createsWith(prompt)).toHaveLength(1);
    expect(falSubmits(prompt)).toBe(0);
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 19, sum: 19 });
  });

  it('ten concurrent lost creates with callbacks: each recovered from its own kie task, each charged once', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 30 });
    kie.callbackAfterMs = 800;
    for (let i = 0; i < 10; i += 1) kie.loseNextAnswer('createTask', i % 2 ? 'drop' : 500);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        postWithKey(runtime.app, account.key, '/api/provider/image', { prompt: `concurrent lost ${i}` }),
      ),
    );
    const taskIds: string[] = answers.map((a) => a.json().data.taskId);
    for (const taskId of taskIds) {
      await taskBecomes(runtime, taskId, 'status', 'completed', 15_000);
    }
    for (let i = 0; i < 10; i += 1) {
      const creates = createsWith(`concurrent lost ${i}"`);
      expect(creates).toHaveLength(1);
      const row = await taskRow(runtime, taskIds[i] as string);
      expect(row.upstream_id).toBe(creates[0]?.taskId);
    }
    expect(fal.submitted.filter((s) => JSON.stringify(s.body).includes('concurrent lost'))).toHaveLength(0);
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 20, sum: 20 });
  });
});

describe('no sign of the lost create', () => {
  it('within the wait: refunded once, recorded as possibly billed at kie, never re-sent', async () => {
    const runtime = await runtimeWith({ KIE_WEBHOOK_HMAC_KEY: HMAC_KEY, KIE_LOST_CREATE_WAIT_S: '1' });
    try {
      kie.callbackAfterMs = 600_000;
      const account = await createPaidAccount(runtime.services);
      const prompt = 'never heard of again';
      kie.loseNextAnswer('createTask', 'drop');
      const answer = await postWithKey(runtime.app, account.key, '/api/provider/image', { prompt });
      expect(answer.json()).toMatchObject({ code: 'UPSTREAM_FAILED', creditsRefunded: 1 });
      const taskId = await onlyTaskOf(runtime, account.workspaceId);
      await taskBecomes(runtime, taskId, 'status', 'failed', 10_000);
      expect(await taskRow(runtime, taskId)).toMatchObject({
        upstream_id: null,
        channel: 'kie:image',
        upstream_cost_micros: 20_000,
        credits_refunded: 1,
        error: LOST_CREATE_REASON,
      });
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(await refundsOf(runtime, taskId)).toEqual([1]);
      expect(createsWith(prompt)).toHaveLength(1);
      expect(falSubmits(prompt)).toBe(0);
      expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 20, sum: 20 });
      // The reconciliation lists it as refunded but billed.
      const { rows } = await runtime.services.pool.query(
        `select count(*)::int as n from tasks where id = $1 and status = 'failed' and upstream_cost_micros > 0`,
        [taskId],
      );
      expect(rows[0].n).toBe(1);
    } finally {
      await runtime.close();
    }
  });

  it('without callbacks configured nothing can recover it: refunded at once, possibly billed, not sent to fal.ai', async () => {
    const runtime = await runtimeWith({});
    try {
      const account = await createPaidAccount(runtime.services);
      const prompt = 'no callback to wait for';
      kie.loseNextAnswer('createTask', 500);
      const answer = await postWithKey(runtime.app, account.key, '/api/provider/image', { prompt });
      expect(answer.json()).toMatchObject({ code: 'UPSTREAM_FAILED', creditsRefunded: 1 });
      expect(createsWith(prompt)).toHaveLength(1);
      expect(falSubmits(prompt)).toBe(0);
      const { rows } = await runtime.services.pool.query(
        `select status, upstream_cost_micros, channel from tasks where workspace_id = $1`,
        [account.userId],
      );
      expect(rows).toEqual([{ status: 'failed', upstream_cost_micros: 20_000, channel: 'kie:image' }]);
      expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 20, sum: 20 });
    } finally {
      await runtime.close();
    }
  });
});
