import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeFal } from '../../../test/fake-fal.ts';
import type { FakeKie, FakeKieFailure } from '../../../test/fake-kie.ts';
import { withFakeKieAndFal } from '../../../test/kie-engines.ts';
import { createPaidAccount, ledgerCheck, postWithKey } from '../../../test/paid-account.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import type { Services } from '../../platform/services.ts';
import { type MediaInput, UpstreamPaced, UpstreamUnavailable } from '../engines/engine.ts';
import { createFalEngine } from '../engines/fal-engine.ts';
import { createKieEngine } from '../engines/kie-engine.ts';
import { modelCatalogueOf } from '../models/catalogue.ts';
import { buildChannels } from './build-channels.ts';
import { type BreakerOptions, CHANNEL_STATE_TTL_MS, createChannelStore } from './channel-store.ts';
import { chargedMicros, createFailoverEngine } from './failover-engine.ts';

const log = pino({ level: 'silent' });
let kie: FakeKie;
let fal: FakeFal;

/** kie.ai first, fal.ai second, as production builds them, on `pool`'s database. */
function failoverOn(pool: pg.Pool, breaker: BreakerOptions, urls = { kie: kie.url, fal: fal.url }) {
  const kieEngine = createKieEngine(
    {
      KIE_API_KEY: kie.apiKey,
      KIE_BASE_URL: urls.kie,
      APIFY_TOKEN: undefined,
      APIFY_BASE_URL: 'http://127.0.0.1:9',
    },
    { requestTimeoutMs: 1_000 },
  );
  const falEngine = createFalEngine(
    { FAL_KEY: fal.key, FAL_BASE_URL: urls.fal },
    { requestTimeoutMs: 1_000 },
  );
  const config = { PROVIDER_ENGINE: 'kie' as const, FAL_KEY: fal.key, FAL_BASE_URL: urls.fal };
  return createFailoverEngine({
    name: 'kie',
    isDevelopmentEngine: false,
    channels: buildChannels(config, kieEngine, log, falEngine),
    store: createChannelStore(pool, breaker),
  });
}

const image = (prompt: string): MediaInput => ({
  service: 'image',
  request: { prompt, output_format: 'png', image_size: '1:1' },
});
const kieCreates = (text: string) =>
  kie.requests.filter((r) => r.endpoint === 'createTask' && JSON.stringify(r.body).includes(text)).length;
const falSubmits = (text: string) => fal.submitted.filter((s) => s.body.prompt === text).length;

async function refundsOf(runtime: TestRuntime, taskId: string) {
  const { rows } = await runtime.services.pool.query(
    `select delta from credit_entries where reason = 'refund' and reference = $1`,
    [taskId],
  );
  return rows.map((row) => row.delta);
}

async function taskRow(runtime: TestRuntime, taskId: string) {
  const { rows } = await runtime.services.pool.query(
    'select status, channel, upstream_cost_micros, credits_refunded from tasks where id = $1',
    [taskId],
  );
  return rows[0];
}

withFakeKieAndFal({ pendingPolls: 1 }, (fakes) => {
  ({ kie, fal } = fakes);
});

describe('failover through the gateway', () => {
  let runtime: TestRuntime;
  const post = (url: string, key: string, payload: object) => postWithKey(runtime.app, key, url, payload);
  beforeAll(async () => {
    runtime = await createTestRuntime(
      {},
      { engine: (services: Services) => failoverOn(services.pool, { threshold: 50 }) },
    );
  });
  afterAll(() => runtime.close());
  /** A video (`body`) whose first create kie.ai answers with `failure`: its account, answer and task, once completed. */
  async function videoAfterKieFailure(failure: FakeKieFailure, body: object, credits?: number) {
    const account = await createPaidAccount(runtime.services, credits === undefined ? {} : { credits });
    kie.failNext('generate', failure);
    const created = await post('/api/provider/video', account.key, { ...body, enableTranslation: false });
    const { taskId } = created.json().data;
    await expect
      .poll(async () => (await taskRow(runtime, taskId)).status, { timeout: 10_000 })
      .toBe('completed');
    return { account, created, taskId: taskId as string };
  }

  it('kie.ai in maintenance (455) at start: fal.ai serves the image, charged once, no refund, channel and cost recorded', async () => {
    const account = await createPaidAccount(runtime.services);
    kie.failNext('createTask', { status: 200, code: 455, msg: 'Service maintenance' });
    const response = await post('/api/provider/image', account.key, { prompt: 'harbour at dawn' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ status: 'completed', creditsUsed: 1 });
    expect(response.body).not.toContain(fal.url);
    const file = await runtime.app.inject({ method: 'GET', url: new URL(data.resultUrls[0]).pathname });
    expect(file.rawPayload.equals(fal.png)).toBe(true);
    expect([kieCreates('harbour at dawn'), falSubmits('harbour at dawn')]).toEqual([1, 1]);
    expect(await taskRow(runtime, data.taskId)).toEqual({
      status: 'completed',
      channel: 'fal:image',
      upstream_cost_micros: 39_000,
      credits_refunded: 0,
    });
    expect(await refundsOf(runtime, data.taskId)).toEqual([]);
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 19, sum: 19 });
  });

  it('kie.ai rate-limiting a video (429): the video waits for kie.ai, never goes to fal.ai, charged once', async () => {
    const { account, taskId } = await videoAfterKieFailure(
      { status: 429, code: 429, msg: 'Rate limited', retryAfter: '1' },
      { prompt: 'busy street', model: 'standard' },
    );
    expect(await taskRow(runtime, taskId)).toMatchObject({
      channel: 'kie:video',
      upstream_cost_micros: 1_250_000,
    });
    expect([kieCreates('busy street'), falSubmits('busy street')]).toEqual([0, 0]);
    expect(kie.created.filter((c) => c.body.prompt === 'busy street')).toHaveLength(1);
    expect(await refundsOf(runtime, taskId)).toEqual([]);
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 10, sum: 10 });
  });

  it('kie.ai down for a video: fal.ai would cost more than the 10 credits paid, so the video waits for kie.ai', async () => {
    const { account, taskId } = await videoAfterKieFailure(
      { status: 200, code: 455, msg: 'Service maintenance', retryAfter: '1' },
      { prompt: 'quiet harbour' },
    );
    expect(await taskRow(runtime, taskId)).toMatchObject({
      channel: 'kie:video',
      upstream_cost_micros: 300_000,
    });
    expect(falSubmits('quiet harbour')).toBe(0);
    expect(await refundsOf(runtime, taskId)).toEqual([]);

    const next = await post('/api/provider/image', account.key, { prompt: 'calm again' });
    expect(await taskRow(runtime, next.json().data.taskId)).toMatchObject({
      channel: 'kie:image',
      upstream_cost_micros: 20_000,
    });
  });

  it('the floor is what this call pays: a Veo Fast the operator sells for 25 credits may fail over to fal.ai', async () => {
    await runtime.services.pool.query(
      `insert into model_settings (model_id, credits) values ('fast', 25)
       on conflict (model_id) do update set credits = 25`,
    );
    modelCatalogueOf(runtime.services).changed();
    try {
      // A refusal kie surely did not run (maintenance): a lost create (a 500) never fails over.
      const { created, taskId } = await videoAfterKieFailure(
        { status: 200, code: 455, msg: 'Service maintenance' },
        { prompt: 'dearer harbour' },
        100,
      );
      expect(created.headers['x-credits-charged']).toBe('25');
      // 25 credits bring in $1.575 at the cheapest pack: fal's $1.20 fits; the service's 10 would not.
      expect(await taskRow(runtime, taskId)).toMatchObject({
        channel: 'fal:video',
        upstream_cost_micros: 1_200_000,
      });
      expect(falSubmits('dearer harbour')).toBe(1);
      expect(await refundsOf(runtime, taskId)).toEqual([]);
    } finally {
      await runtime.services.pool.query(`delete from model_settings where model_id = 'fast'`);
      modelCatalogueOf(runtime.services).changed();
    }
  });

  it('a rejection (422) is not retried on the next channel: refunded once', async () => {
    const account = await createPaidAccount(runtime.services);
    const response = await post('/api/provider/image', account.key, { prompt: 'reject this one' });
    expect(response.json()).toMatchObject({ code: 'UPSTREAM_FAILED', creditsRefunded: 1 });
    expect(falSubmits('reject this one')).toBe(0);
    const { rows } = await runtime.services.pool.query(
      `select t.id, t.upstream_cost_micros from tasks t where t.workspace_id = $1`,
      [account.userId],
    );
    expect(rows[0].upstream_cost_micros).toBe(0);
    expect(await refundsOf(runtime, rows[0].id)).toEqual([1]);
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 20, sum: 20 });
  });
});

describe('every channel failing', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    const down = { kie: 'http://127.0.0.1:9', fal: 'http://127.0.0.1:9' };
    runtime = await createTestRuntime(
      {},
      { engine: (services: Services) => failoverOn(services.pool, { threshold: 50 }, down) },
    );
  });
  afterAll(() => runtime.close());

  it('keeps the call charged and retried, then refunds it exactly once at its deadline', async () => {
    const account = await createPaidAccount(runtime.services);
    const created = await postWithKey(runtime.app, account.key, '/api/provider/video', {
      prompt: 'nobody home',
    });
    const { taskId } = created.json().data;
    const failuresOf = async (channel: string) =>
      (
        await runtime.services.pool.query(
          'select count(*)::int as n from channel_calls where channel_id = $1 and not is_ok',
          [channel],
        )
      ).rows[0].n;
    await expect.poll(() => failuresOf('kie:video'), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    // fal.ai's Veo costs more than the 10 credits paid: never tried for this video.
    expect(await failuresOf('fal:video')).toBe(0);
    expect(await taskRow(runtime, taskId)).toMatchObject({ status: 'processing', credits_refunded: 0 });
    expect(await refundsOf(runtime, taskId)).toEqual([]);

    await runtime.services.pool.query(`update tasks set deadline_at = now() where id = $1`, [taskId]);
    await expect
      .poll(async () => (await taskRow(runtime, taskId)).status, { timeout: 10_000 })
      .toBe('failed');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await refundsOf(runtime, taskId)).toEqual([10]);
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 20, sum: 20 });
  });
});

describe('the circuit breaker, shared by two processes on one database', () => {
  let runtime: TestRuntime;
  const pools: pg.Pool[] = [];
  beforeAll(async () => {
    runtime = await createTestRuntime({ ROLE: 'api' });
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await runtime.close();
  });
  /** The failover of two processes, each with its own pool on the one database, with one breaker setting. */
  const twoProcesses = (breaker: BreakerOptions) => {
    const oneProcess = () => {
      const pool = new pg.Pool({ connectionString: runtime.databaseUrl, max: 3 });
      pools.push(pool);
      return failoverOn(pool, breaker);
    };
    return [oneProcess(), oneProcess()] as const;
  };
  const firstRow = async (sql: string) => (await runtime.services.pool.query(sql)).rows[0];

  it('opens after repeated failures in one process, is skipped by the other, and lets one probe through after the cool-down', async () => {
    const [a, b] = twoProcesses({ threshold: 2, coolDownMs: 600 });
    const circuit = () =>
      firstRow(
        `select consecutive_failures, opened_at is not null as is_open from upstream_channels where id = 'kie:image'`,
      );

    kie.failNext('createTask', { status: 200, code: 455, msg: 'down for maintenance' });
    kie.failNext('createTask', { status: 200, code: 455, msg: 'maintenance' });
    expect((await a.startJob(image('breaker one'), { taskId: 't1' })).channel).toBe('fal:image');
    expect(await circuit()).toEqual({ consecutive_failures: 1, is_open: false });
    expect((await a.startJob(image('breaker two'), { taskId: 't2' })).channel).toBe('fal:image');
    expect(await circuit()).toEqual({ consecutive_failures: 2, is_open: true });

    // The other process skips kie.ai without asking it.
    expect((await b.startJob(image('breaker three'), { taskId: 't3' })).channel).toBe('fal:image');
    expect(kieCreates('breaker three')).toBe(0);

    await new Promise((resolve) => setTimeout(resolve, 700));
    const [first, second] = await Promise.all([
      a.startJob(image('probe a'), { taskId: 't4' }),
      b.startJob(image('probe b'), { taskId: 't5' }),
    ]);
    expect([first.channel, second.channel].sort()).toEqual(['fal:image', 'kie:image']);
    expect(kieCreates('probe a') + kieCreates('probe b')).toBe(1);
    expect(await circuit()).toEqual({ consecutive_failures: 0, is_open: false });
    expect((await b.startJob(image('closed again'), { taskId: 't6' })).channel).toBe('kie:image');
  });

  it('records every one of many concurrent calls, and a circuit another process opened is skipped within the state TTL', async () => {
    const [a, b] = twoProcesses({ threshold: 1, coolDownMs: 60_000 });
    const okCalls = async (): Promise<number> =>
      (
        await firstRow(
          `select count(*)::int as n from channel_calls where channel_id = 'kie:image' and is_ok`,
        )
      ).n;
    // The last test's records are written after its calls answered: wait until they are in.
    let before = await okCalls();
    for (let previous = -1; previous !== before; ) {
      previous = before;
      await new Promise((resolve) => setTimeout(resolve, 200));
      before = await okCalls();
    }
    // B reads the states once for all 20 (closed) and records each call.
    const started = await Promise.all(
      Array.from({ length: 20 }, (_, i) => b.startJob(image(`many ${i}`), { taskId: `m${i}` })),
    );
    expect(new Set(started.map((job) => job.channel))).toEqual(new Set(['kie:image']));
    await expect.poll(okCalls).toBe(before + 20);

    // A's one failure opens the circuit (threshold 1); B, which read it closed, follows within the TTL.
    kie.failNext('createTask', { status: 200, code: 455, msg: 'down for maintenance' });
    expect((await a.startJob(image('opens it'), { taskId: 'o1' })).channel).toBe('fal:image');
    await new Promise((resolve) => setTimeout(resolve, CHANNEL_STATE_TTL_MS + 50));
    expect((await b.startJob(image('after the ttl'), { taskId: 'o2' })).channel).toBe('fal:image');
    expect(kieCreates('after the ttl')).toBe(0);
  });
});

describe('when a fallback may serve', () => {
  let runtime: TestRuntime;
  let pool: pg.Pool;
  beforeAll(async () => {
    runtime = await createTestRuntime({ ROLE: 'api' });
    pool = new pg.Pool({ connectionString: runtime.databaseUrl, max: 3 });
  });
  afterAll(async () => {
    await pool.end();
    await runtime.close();
  });
  const failuresOf = async (channel: string) =>
    (
      await runtime.services.pool.query(
        'select count(*)::int as n from channel_calls where channel_id = $1 and not is_ok',
        [channel],
      )
    ).rows[0].n;

  it('a 429 is a pace: never failed over, never counted against the circuit', async () => {
    const engine = failoverOn(pool, { threshold: 1 });
    kie.failNext('createTask', { status: 429, code: 429, msg: 'Rate limited' });
    const error = await engine.startJob(image('paced image'), { taskId: 'p1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamPaced);
    expect(falSubmits('paced image')).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await failuresOf('kie:image')).toBe(0);
    expect((await engine.startJob(image('paced image'), { taskId: 'p1' })).channel).toBe('kie:image');
  });

  it('the margin floor keeps a fallback out when its price leaves less than the floor', async () => {
    await runtime.services.pool.query(
      `update upstream_channels set margin_floor_percent = 50 where id = 'fal:image'`,
    );
    const engine = failoverOn(pool, { threshold: 50 });
    kie.failNext('createTask', { status: 200, code: 455, msg: 'Service maintenance' });
    // fal's $0.039 is more than half of the $0.063 one credit brings: kie.ai's outage is waited out.
    const error = await engine.startJob(image('floored image'), { taskId: 'f1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamUnavailable);
    expect(falSubmits('floored image')).toBe(0);
    await runtime.services.pool.query(
      `update upstream_channels set margin_floor_percent = 30 where id = 'fal:image'`,
    );
    const within = failoverOn(pool, { threshold: 50 });
    kie.failNext('createTask', { status: 200, code: 455, msg: 'Service maintenance' });
    expect((await within.startJob(image('within the floor'), { taskId: 'f2' })).channel).toBe('fal:image');
  });

  it('chargedMicros prices a call at the lowest credit rate', () => {
    expect([chargedMicros('image'), chargedMicros('video'), chargedMicros('sora')]).toEqual([
      63_000, 630_000, 63_000,
    ]);
    // A call that pays another price (an operator's, a variant's, a quote's) is measured by it.
    expect(chargedMicros('video', 26)).toBe(1_638_000);
  });
});
