import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeKie, startFakeKie } from '../../../test/fake-kie.ts';
import { kieEngineOn } from '../../../test/kie-engines.ts';
import { createPaidAccount, ledgerCheck, postWithKey } from '../../../test/paid-account.ts';
import { taskColumns } from '../../../test/seeded-calls.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import {
  KIE_CALLBACK_PATH,
  kieCallbackSignature,
  kieCallbackUrl,
  taskOfCallbackUrl,
  verifyKieCallback,
} from './kie-callback.ts';

const HMAC_KEY = 'kie-callback-test-key';
const PUBLIC_URL = 'https://conduit.example';
const NOW_MS = Date.parse('2026-11-23T12:00:00Z');
const nowS = () => String(Math.floor(Date.now() / 1000));

describe('verifyKieCallback', () => {
  const timestamp = String(NOW_MS / 1000);
  const body = { code: 200, msg: 'ok', data: { taskId: 'kie_task_1', state: 'success' } };
  const signature = kieCallbackSignature(HMAC_KEY, 'kie_task_1', timestamp);
  const verify = (overrides: Partial<Parameters<typeof verifyKieCallback>[0]>) => () =>
    verifyKieCallback({ hmacKey: HMAC_KEY, body, timestamp, signature, nowMs: NOW_MS, ...overrides });

  it("accepts kie's signature over task id and timestamp, in every body shape (taskId and task_id)", () => {
    expect(verify({})()).toBe('kie_task_1');
    expect(verify({ body: { taskId: 'kie_task_1' } })()).toBe('kie_task_1');
    // kie's webhook verification guide reads `req.body.data.task_id`.
    expect(verify({ body: { code: 200, data: { task_id: 'kie_task_1' } } })()).toBe('kie_task_1');
    expect(verify({ body: { task_id: 'kie_task_1' } })()).toBe('kie_task_1');
    expect(verify({ nowMs: NOW_MS + 299_000 })()).toBe('kie_task_1');
  });

  it('refuses forged, tampered, stale, unsigned and malformed callbacks with 401', () => {
    const refusals = [
      verify({ signature: kieCallbackSignature('another-key', 'kie_task_1', timestamp) }),
      verify({ body: { data: { taskId: 'kie_task_2' } } }),
      verify({ timestamp: String(NOW_MS / 1000 + 1) }),
      verify({ nowMs: NOW_MS + 301_000 }),
      verify({ nowMs: NOW_MS - 301_000 }),
      verify({ signature: undefined }),
      verify({ timestamp: undefined }),
      verify({ timestamp: 'yesterday' }),
      verify({ body: { data: {} } }),
      verify({ body: 'kie_task_1' }),
      verify({ signature: `${signature}=` }),
    ];
    for (const refusal of refusals) expect(refusal).toThrow(expect.objectContaining({ status: 401 }));
  });
});

describe('kie callbacks through the app', () => {
  let fake: FakeKie;
  let runtime: TestRuntime;

  const callback = (upstreamTaskId: string, signature?: string) => {
    const timestamp = nowS();
    return runtime.app.inject({
      method: 'POST',
      url: KIE_CALLBACK_PATH,
      headers: {
        'x-webhook-timestamp': timestamp,
        'x-webhook-signature': signature ?? kieCallbackSignature(HMAC_KEY, upstreamTaskId, timestamp),
      },
      payload: { code: 200, msg: 'success', data: { taskId: upstreamTaskId, state: 'success' } },
    });
  };
  const taskRow = (taskId: string) =>
    taskColumns<{ status: string; upstream_id: string | null; next_check_at: Date }>(
      runtime.services.pool,
      taskId,
      'status, upstream_id, next_check_at',
    );

  /** A video task started upstream whose next poll is an hour away, as after a long back-off. */
  async function taskWaitingAnHour(prompt: string) {
    const account = await createPaidAccount(runtime.services);
    fake.pendingPolls = 1_000;
    const created = await postWithKey(runtime.app, account.key, '/api/provider/video', { prompt });
    expect(created.statusCode).toBe(200);
    const taskId: string = created.json().data.taskId;
    await expect.poll(async () => (await taskRow(taskId)).upstream_id, { timeout: 5_000 }).toBeTruthy();
    await runtime.services.pool.query(
      `update tasks set next_check_at = now() + interval '1 hour' where id = $1`,
      [taskId],
    );
    const upstreamId = (await taskRow(taskId)).upstream_id as string;
    return { account, taskId, upstreamId };
  }

  beforeAll(async () => {
    fake = await startFakeKie();
    const env = {
      PROVIDER_ENGINE: 'kie',
      KIE_API_KEY: fake.apiKey,
      KIE_BASE_URL: fake.url,
      KIE_WEBHOOK_HMAC_KEY: HMAC_KEY,
      PUBLIC_URL,
    };
    const engine = kieEngineOn(env);
    runtime = await createTestRuntime(env, { engine });
  });
  afterAll(async () => {
    await runtime?.close();
    await fake?.close();
  });

  it('asks kie.ai to call back at our callback URL, naming our task with a reference only our key makes', async () => {
    const { taskId, upstreamId } = await taskWaitingAnHour('callback url');
    const create = fake.created.find((c) => c.taskId === upstreamId);
    const url = new URL(String(create?.body.callBackUrl));
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}${KIE_CALLBACK_PATH}`);
    expect(url.searchParams.get('task')).toBe(taskId);
    expect(taskOfCallbackUrl(HMAC_KEY, Object.fromEntries(url.searchParams))).toBe(taskId);
    expect(taskOfCallbackUrl('another-key', Object.fromEntries(url.searchParams))).toBeUndefined();
    expect(kieCallbackUrl(PUBLIC_URL, HMAC_KEY, taskId)).toBe(url.toString());
  });

  it('a signed callback makes the task poll now: it completes at once, charged once', async () => {
    const { account, taskId, upstreamId } = await taskWaitingAnHour('wake me');
    fake.pendingPolls = 0;

    const answer = await callback(upstreamId);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true });
    await expect.poll(async () => (await taskRow(taskId)).status, { timeout: 5_000 }).toBe('completed');

    // A duplicate after settling is acknowledged and changes nothing.
    expect((await callback(upstreamId)).statusCode).toBe(200);
    expect((await taskRow(taskId)).status).toBe('completed');
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 10, sum: 10 });
  });

  it('a forged callback is refused with 401 and the task keeps its schedule', async () => {
    const { taskId, upstreamId } = await taskWaitingAnHour('forged');
    const before = (await taskRow(taskId)).next_check_at;

    const forged = await callback(upstreamId, kieCallbackSignature('not-our-key', upstreamId, nowS()));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error).toMatch(/signature/);
    expect(await taskRow(taskId)).toMatchObject({ status: 'processing', next_check_at: before });
  });

  it('a callback for a task we do not know is acknowledged without effect', async () => {
    const answer = await callback('kie_unknown_task');
    expect(answer.statusCode).toBe(200);
  });
});

describe('kie callbacks without a configured key', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await createTestRuntime();
  });
  afterAll(() => runtime?.close());

  it('are not routed', async () => {
    const answer = await runtime.app.inject({ method: 'POST', url: KIE_CALLBACK_PATH, payload: {} });
    expect(answer.statusCode).toBe(404);
  });
});
