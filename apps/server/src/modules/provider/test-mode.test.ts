import {
  appPath,
  DEADLINE_REASON,
  ERROR_CODES,
  GENERATION_FAILED_REASON,
  LIVEMODE_HEADER,
  MODERATION_REASON,
  TEST_TRIGGERS,
} from '@conduit/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream-client.ts';
import { type FakeKie, startFakeKie } from '../../../test/fake-kie.ts';
import { createPaidAccount, type PaidAccount, sessionCookieFor } from '../../../test/paid-account.ts';
import { createTestRuntime, listenLocally, type TestRuntime } from '../../../test/test-runtime.ts';
import { createKieEngine } from '../engines/kie-engine.ts';

/*
 * Test mode (packages/contracts test-mode.ts, docs/product.md, "Test mode"), through the routes on a real
 * PostgreSQL, with the deployment's engine being kie.ai (its faithful fake): a test key's calls
 * never reach it, never charge, are never limited by the balance, carry `livemode: false`, and each
 * mode sees only its own data.
 */
let fake: FakeKie;
let runtime: TestRuntime;
beforeAll(async () => {
  fake = await startFakeKie();
  const env = { PROVIDER_ENGINE: 'kie', KIE_API_KEY: fake.apiKey, KIE_BASE_URL: fake.url };
  const engine = createKieEngine(
    {
      ...env,
      APIFY_TOKEN: undefined,
      APIFY_BASE_URL: 'http://127.0.0.1:9',
      PUBLIC_URL: 'http://localhost:3000',
    },
    { log: pino({ level: 'silent' }) },
  );
  runtime = await createTestRuntime(env, { engine });
});
afterAll(async () => {
  await runtime?.close();
  await fake?.close();
});

/** What reached kie.ai for calls (its balance watch reads the credit endpoint on its own). */
const upstreamCalls = () => fake.requests.filter((request) => !request.endpoint.includes('credit')).length;

const call = (key: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  runtime.app.inject({ method, url, headers: { 'x-api-key': key }, ...(payload && { payload }) });

/** A test key of the account's workspace, made as the keys page makes it. */
async function testKeyOf(account: PaidAccount): Promise<{ key: string; keyId: string }> {
  const cookie = await sessionCookieFor(runtime.services, account.userId);
  const created = await runtime.app.inject({
    method: 'POST',
    url: appPath('createKey'),
    headers: { cookie, 'x-requested-with': 'conduit' },
    payload: { keyName: 'Test key', mode: 'test' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const key = created.json().key;
  expect(key.mode).toBe('test');
  return { key: key.keyValue, keyId: key._id };
}

/** The account's ledger: its rows and its balance. */
async function ledgerOf(workspaceId: string) {
  const { rows } = await runtime.services.pool.query(
    `select (select count(*)::int from credit_entries where workspace_id = $1) as entries,
            (select balance from credit_accounts where workspace_id = $1) as balance`,
    [workspaceId],
  );
  return rows[0] as { entries: number; balance: number };
}

const taskOf = async (key: string, taskId: string) =>
  (await call(key, 'GET', `/api/provider/tasks/${taskId}`)).json();

/**
 * Polls a task with its key until it settles. The runner looks at a pending job with a back-off
 * (task-runner.ts nextCheckDelayMs: about 1, 3, 7, 15 and 31 s after the start), and the
 * development engine renders a video only when it is looked at (a few seconds of CPU for 4 s of
 * 640x360): a [delay=4s] video settles at the third or fourth look, and on a loaded 2-core machine
 * (the suite runs four files at once) its render can take as long again. 20 s was too short for
 * that schedule there: the task was still processing, as it should be.
 */
async function settled(key: string, taskId: string) {
  let data: { status: string } = { status: 'processing' };
  await expect
    .poll(
      async () => {
        data = (await taskOf(key, taskId)).data;
        return data.status;
      },
      { timeout: 60_000, interval: 250 },
    )
    .not.toBe('processing');
  return data as Record<string, unknown>;
}

// The two that wait for videos to settle get the time settled() may take (see there).
describe('test keys', { timeout: 120_000 }, () => {
  it('start cnd_test_ (live keys still cnd_live_), and a key is live by default', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 0, tier: 'enterprise' });
    expect(account.key).toMatch(/^cnd_live_/);
    const { key } = await testKeyOf(account);
    expect(key).toMatch(/^cnd_test_[A-Za-z0-9_-]{43}$/);
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const listed = await runtime.app.inject({ method: 'GET', url: appPath('keys'), headers: { cookie } });
    const modes = listed
      .json()
      .keys.map((k: { mode: string; keyPreview: string }) => [k.mode, k.keyPreview.slice(0, 9)]);
    expect(modes).toEqual(
      expect.arrayContaining([
        ['live', 'cnd_live_'],
        ['test', 'cnd_test_'],
      ]),
    );
  });

  it('call for free with a balance of 0, on the development engine, never upstream; livemode false everywhere', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 0, tier: 'enterprise' });
    const { key } = await testKeyOf(account);
    const before = await ledgerOf(account.workspaceId);
    const upstreamBefore = upstreamCalls();

    const image = await call(key, 'POST', '/api/provider/image', { prompt: 'a lighthouse at dusk' });
    expect(image.statusCode, image.body).toBe(200);
    expect(image.json().data).toMatchObject({
      status: 'completed',
      creditsCharged: 0,
      creditsUsed: 0,
      livemode: false,
      engine: { engine: 'local', isDevelopmentEngine: true },
    });
    expect(image.headers['x-credits-charged']).toBe('0');
    expect(image.headers['x-credits-remaining']).toBe('0');

    const video = await call(key, 'POST', '/api/provider/video', { prompt: 'waves on rocks' });
    expect(video.statusCode, video.body).toBe(200);
    expect(video.json().data).toMatchObject({ status: 'processing', creditsCharged: 0, livemode: false });
    const done = await settled(key, video.json().data.taskId);
    expect(done).toMatchObject({ status: 'completed', creditsCharged: 0, livemode: false });

    const linkedin = await call(key, 'POST', '/api/provider/linkedin', { username: 'ada', limit: 1 });
    expect(linkedin.statusCode, linkedin.body).toBe(200);
    expect(linkedin.json().data).toMatchObject({ status: 'completed', creditsCharged: 0, livemode: false });

    expect(upstreamCalls()).toBe(upstreamBefore);
    expect(await ledgerOf(account.workspaceId)).toEqual(before);
    const { rows } = await runtime.services.pool.query(
      'select cost, livemode, engine, upstream_id from tasks where workspace_id = $1',
      [account.workspaceId],
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatchObject({ cost: 0, livemode: false, engine: 'local' });

    // The events (started and settled) say so too, as their webhooks carry them.
    const events = await call(key, 'GET', '/api/provider/events');
    const data = events.json().data as { type: string; data: { livemode: boolean } }[];
    expect(data.length).toBeGreaterThanOrEqual(6);
    expect(data.every((event) => event.data.livemode === false)).toBe(true);
    const stored = await runtime.services.pool.query(
      'select livemode from webhook_events where workspace_id = $1',
      [account.workspaceId],
    );
    expect(stored.rows.every((row) => row.livemode === false)).toBe(true);
  });

  it('make live calls answer livemode true, charged as before', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100, tier: 'enterprise' });
    const video = await call(account.key, 'POST', '/api/provider/video', { prompt: 'a live video' });
    expect(video.statusCode, video.body).toBe(200);
    expect(video.json().data.livemode).toBe(true);
    expect(video.json().data.creditsCharged).toBeGreaterThan(0);
    expect((await ledgerOf(account.workspaceId)).balance).toBe(100 - video.json().data.creditsCharged);
  });

  it('many test calls at once with a balance of 0 all succeed and never touch the ledger', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 0, tier: 'enterprise' });
    const { key } = await testKeyOf(account);
    const before = await ledgerOf(account.workspaceId);
    const answers = await Promise.all(
      // LinkedIn: answered at once, and with nothing to render that would slow the other tests.
      Array.from({ length: 25 }, (_, index) =>
        call(key, 'POST', '/api/provider/linkedin', { username: `dev${index}`, limit: 1 }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((answer) => answer.json().data.taskId)).size).toBe(25);
    expect(await ledgerOf(account.workspaceId)).toEqual(before);
    // And a live call of the same workspace is still refused for its balance.
    const live = await call(account.key, 'POST', '/api/provider/video', { prompt: 'live' });
    expect(live.statusCode).toBe(402);
  });

  it('are not limited by the key’s spend limit: a test call spends nothing', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 0, tier: 'enterprise' });
    const { key, keyId } = await testKeyOf(account);
    await runtime.services.pool.query(
      `update api_keys set spend_limit_credits = 1, spend_limit_period = 'day' where id = $1`,
      [keyId],
    );
    for (let i = 0; i < 3; i += 1) {
      const answer = await call(key, 'POST', '/api/provider/video', { prompt: `budget ${i}` });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const { rows } = await runtime.services.pool.query('select spent_credits from api_keys where id = $1', [
      keyId,
    ]);
    expect(rows[0].spent_credits).toBe(0);
  });
});

describe('test triggers (TEST_TRIGGERS)', { timeout: 120_000 }, () => {
  let account: PaidAccount;
  let key: string;
  beforeAll(async () => {
    account = await createPaidAccount(runtime.services, { credits: 0, tier: 'enterprise' });
    ({ key } = await testKeyOf(account));
  });

  it('the table documents exactly the triggers tested here', () => {
    expect(TEST_TRIGGERS.map((trigger) => trigger.marker)).toEqual([
      '[fail]',
      '[moderation]',
      '[timeout]',
      '[delay=5s]',
    ]);
  });

  it('[fail]: the task fails, refunded, nothing charged', async () => {
    const before = await ledgerOf(account.workspaceId);
    const answer = await call(key, 'POST', '/api/provider/image', { prompt: 'a cat [fail]' });
    expect(answer.statusCode).toBe(502);
    expect(answer.json().code).toBe(ERROR_CODES.UPSTREAM_FAILED);
    const taskId = answer.json().taskId;
    expect((await taskOf(key, taskId)).data).toMatchObject({
      status: 'failed',
      error: GENERATION_FAILED_REASON,
      creditsCharged: 0,
      creditsRefunded: 0,
      livemode: false,
    });
    expect(await ledgerOf(account.workspaceId)).toEqual(before);
  });

  it('[moderation]: refused by moderation with the documented error', async () => {
    const answer = await call(key, 'POST', '/api/provider/image', { prompt: 'something [moderation]' });
    expect(answer.statusCode).toBe(502);
    expect(answer.json().error).toContain(MODERATION_REASON);
    const data = (await taskOf(key, answer.json().taskId)).data;
    expect(data).toMatchObject({ status: 'failed', error: MODERATION_REASON, creditsCharged: 0 });
  });

  it('[timeout]: fails as a task past its deadline does', async () => {
    const before = await ledgerOf(account.workspaceId);
    const answer = await call(key, 'POST', '/api/provider/video', { prompt: 'never ends [timeout]' });
    expect(answer.statusCode, answer.body).toBe(200);
    const done = await settled(key, answer.json().data.taskId);
    expect(done).toMatchObject({
      status: 'failed',
      error: DEADLINE_REASON,
      creditsRefunded: 0,
      livemode: false,
    });
    expect(await ledgerOf(account.workspaceId)).toEqual(before);
  });

  it('[delay=Ns]: takes at least the given time, then completes', async () => {
    const answer = await call(key, 'POST', '/api/provider/video', { prompt: 'slow one [delay=4s]' });
    expect(answer.statusCode, answer.body).toBe(200);
    const done = await settled(key, answer.json().data.taskId);
    expect(done.status).toBe('completed');
    const took = Date.parse(done.completedAt as string) - Date.parse(done.timestamp as string);
    expect(took).toBeGreaterThanOrEqual(4_000);
  });
});

describe('each mode sees its own data', () => {
  it('a test key cannot read a live task (404) and a live key cannot read a test one; lists are filtered', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100, tier: 'enterprise' });
    const { key: testKey } = await testKeyOf(account);
    const live = (await call(account.key, 'POST', '/api/provider/video', { prompt: 'live one' })).json().data
      .taskId;
    const test = (await call(testKey, 'POST', '/api/provider/video', { prompt: 'test one' })).json().data
      .taskId;

    for (const [key, other] of [
      [testKey, live],
      [account.key, test],
    ] as const) {
      expect((await call(key, 'GET', `/api/provider/tasks/${other}`)).statusCode).toBe(404);
      expect((await call(key, 'GET', `/api/provider/video/status/${other}`)).statusCode).toBe(404);
      expect((await call(key, 'POST', `/api/provider/tasks/${other}/cancel`)).statusCode).toBe(404);
    }
    const ids = async (key: string, url: string) =>
      (await call(key, 'GET', url)).json().data.map((item: { taskId?: string }) => item.taskId);
    expect(await ids(testKey, '/api/provider/tasks')).toEqual([test]);
    expect(await ids(account.key, '/api/provider/tasks')).toEqual([live]);
    const eventTasks = async (key: string) =>
      new Set(
        (await call(key, 'GET', '/api/provider/events'))
          .json()
          .data.map((event: { data: { taskId?: string } }) => event.data.taskId),
      );
    expect(await eventTasks(testKey)).toEqual(new Set([test]));
    expect(await eventTasks(account.key)).toEqual(new Set([live]));

    // The request log (its writer batches: wait for the rows), by key and by the app's switch.
    await expect
      .poll(
        async () =>
          (
            await runtime.services.pool.query('select 1 from request_log where workspace_id = $1', [
              account.workspaceId,
            ])
          ).rowCount,
        { timeout: 5_000 },
      )
      .toBeGreaterThanOrEqual(4);
    // The calls each key made (its reads name the other mode's task too: they are its own requests).
    const logTasks = async (key: string) =>
      (await call(key, 'GET', '/api/provider/requests'))
        .json()
        .data.filter(
          (row: { method: string; endpoint: string }) =>
            row.method === 'POST' && row.endpoint === '/api/provider/video',
        )
        .map((row: { taskId: string | null }) => row.taskId);
    expect(await logTasks(testKey)).toContain(test);
    expect(await logTasks(testKey)).not.toContain(live);
    expect(await logTasks(account.key)).toContain(live);
    expect(await logTasks(account.key)).not.toContain(test);

    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const asSession = async (url: string, testData: boolean) =>
      (
        await runtime.app.inject({
          method: 'GET',
          url,
          headers: { cookie, ...(testData && { [LIVEMODE_HEADER]: 'false' }) },
        })
      ).json();
    const usage = appPath('usage');
    expect((await asSession(usage, false)).items.map((item: { taskId: string }) => item.taskId)).toEqual([
      live,
    ]);
    expect((await asSession(usage, true)).items.map((item: { taskId: string }) => item.taskId)).toEqual([
      test,
    ]);
    const loggedCalls = async (testData: boolean) =>
      (await asSession(appPath('requestLog'), testData)).items
        .filter(
          (item: { method: string; endpoint: string }) =>
            item.method === 'POST' && item.endpoint === '/api/provider/video',
        )
        .map((item: { taskId: string | null }) => item.taskId);
    expect(await loggedCalls(true)).toEqual([test]);
    expect(await loggedCalls(false)).toEqual([live]);
    const detail = (taskId: string) => appPath('callDetail', { taskId });
    expect((await asSession(detail(test), true)).taskId).toBe(test);
    expect((await asSession(detail(test), false)).code).toBe(ERROR_CODES.NOT_FOUND);
    // The call page's Cancel, viewing live data, does not find the test call.
    const cancel = await runtime.app.inject({
      method: 'POST',
      url: appPath('cancelCall', { taskId: test }),
      headers: { cookie, 'x-requested-with': 'conduit' },
    });
    expect(cancel.statusCode, cancel.body).toBe(404);
  });

  it('an Idempotency-Key used by one mode is never replayed to the other', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100, tier: 'enterprise' });
    const { key: testKey } = await testKeyOf(account);
    const headers = { 'idempotency-key': 'same-key-both-modes' };
    const body = { prompt: 'idempotent' };
    const first = await runtime.app.inject({
      method: 'POST',
      url: '/api/provider/video',
      headers: { ...headers, 'x-api-key': testKey },
      payload: body,
    });
    expect(first.statusCode, first.body).toBe(200);
    const other = await runtime.app.inject({
      method: 'POST',
      url: '/api/provider/video',
      headers: { ...headers, 'x-api-key': account.key },
      payload: body,
    });
    expect(other.statusCode).toBe(409);
    expect((await ledgerOf(account.workspaceId)).balance).toBe(100);
  });
});

describe('event streams', () => {
  it('a test key’s stream, and a session’s with livemode=false, carry test events only; live ones live only', async () => {
    const baseUrl = await listenLocally(runtime);
    const account = await createPaidAccount(runtime.services, { credits: 100, tier: 'enterprise' });
    const { key: testKey } = await testKeyOf(account);
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const testStream = await openEventStream(baseUrl, undefined, { 'x-api-key': testKey });
    const liveStream = await openEventStream(baseUrl, undefined, { 'x-api-key': account.key });
    const sessionTest = await openEventStream(`${baseUrl}`, cookie, { [LIVEMODE_HEADER]: 'false' });
    for (const stream of [testStream, liveStream, sessionTest]) expect(stream.status).toBe(200);
    const live = (await call(account.key, 'POST', '/api/provider/video', { prompt: 'streamed live' })).json()
      .data.taskId;
    const test = (await call(testKey, 'POST', '/api/provider/video', { prompt: 'streamed test' })).json().data
      .taskId;
    const mentions = (taskId: string) => (event: { data: unknown }) =>
      JSON.stringify(event.data).includes(taskId);
    await testStream.waitFor(mentions(test));
    await liveStream.waitFor(mentions(live));
    await sessionTest.waitFor(mentions(test));
    // Both calls' started events were written before either stream's wait ended: none crossed over.
    await liveStream.waitFor((event) => event.event === 'task.started' && mentions(live)(event));
    expect(testStream.events.some(mentions(live))).toBe(false);
    expect(sessionTest.events.some(mentions(live))).toBe(false);
    expect(liveStream.events.some(mentions(test))).toBe(false);
    for (const stream of [testStream, liveStream, sessionTest]) stream.close();
  });
});

describe('rate limits', () => {
  it('count test and live requests on budgets of their own, each refused past the same limit', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 0, tier: 'enterprise' });
    await runtime.services.pool.query('update workspaces set rate_limit_per_minute = 2 where id = $1', [
      account.workspaceId,
    ]);
    const { key: testKey } = await testKeyOf(account);
    const statuses = async (key: string) => {
      const codes: number[] = [];
      for (let i = 0; i < 3; i += 1) codes.push((await call(key, 'GET', '/api/provider/tasks')).statusCode);
      return codes;
    };
    expect(await statuses(account.key)).toEqual([200, 200, 429]);
    expect(await statuses(testKey)).toEqual([200, 200, 429]);
  });
});

describe('the OpenAI-compatible /v1 with a test key', () => {
  it('is free too, and its task is a test task', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 0, tier: 'enterprise' });
    const { key } = await testKeyOf(account);
    const upstreamBefore = upstreamCalls();
    const answer = await runtime.app.inject({
      method: 'POST',
      url: '/v1/images/generations',
      headers: { authorization: `Bearer ${key}` },
      payload: { prompt: 'an openai-shaped test call' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toHaveLength(1);
    expect(upstreamCalls()).toBe(upstreamBefore);
    expect(await ledgerOf(account.workspaceId)).toEqual({ entries: 0, balance: 0 });
    const { rows } = await runtime.services.pool.query(
      'select id, cost, livemode from tasks where workspace_id = $1',
      [account.workspaceId],
    );
    expect(rows).toEqual([expect.objectContaining({ cost: 0, livemode: false })]);
    expect((await taskOf(key, rows[0].id)).data.livemode).toBe(false);
  });
});

describe('mode separation beyond the native task routes', () => {
  it('/v1 videos: a key reads and lists only its own mode’s videos', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100, tier: 'enterprise' });
    const { key: testKey } = await testKeyOf(account);
    const create = async (key: string, prompt: string) => {
      const answer = await runtime.app.inject({
        method: 'POST',
        url: '/v1/videos',
        headers: { authorization: `Bearer ${key}` },
        payload: { prompt },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().id as string;
    };
    const live = await create(account.key, 'live video');
    const test = await create(testKey, 'test video');
    const read = (key: string, id: string) =>
      runtime.app.inject({
        method: 'GET',
        url: `/v1/videos/${id}`,
        headers: { authorization: `Bearer ${key}` },
      });
    expect((await read(testKey, test)).statusCode).toBe(200);
    expect((await read(testKey, live)).statusCode).toBe(404);
    expect((await read(account.key, test)).statusCode).toBe(404);
    const listed = async (key: string) =>
      (
        await runtime.app.inject({
          method: 'GET',
          url: '/v1/videos',
          headers: { authorization: `Bearer ${key}` },
        })
      )
        .json()
        .data.map((video: { id: string }) => video.id);
    expect(await listed(testKey)).toEqual([test]);
    expect(await listed(account.key)).toEqual([live]);
  });

  it('spend by metadata counts each mode’s own calls: a key’s, and the app’s with the switch', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100, tier: 'enterprise' });
    const { key: testKey } = await testKeyOf(account);
    const image = (key: string) =>
      call(key, 'POST', '/api/provider/image', { prompt: 'for acme', metadata: { customer: 'acme' } });
    expect((await image(account.key)).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await image(testKey)).statusCode).toBe(200);
    const url = '/api/provider/usage?groupBy=metadata.customer';
    expect((await call(account.key, 'GET', url)).json().data).toEqual([
      { value: 'acme', calls: 1, credits: expect.any(Number) },
    ]);
    expect((await call(testKey, 'GET', url)).json().data).toEqual([{ value: 'acme', calls: 2, credits: 0 }]);
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const asSession = async (testData: boolean) =>
      (
        await runtime.app.inject({
          method: 'GET',
          url: `${appPath('usageByMetadata')}?groupBy=metadata.customer`,
          headers: { cookie, ...(testData && { [LIVEMODE_HEADER]: 'false' }) },
        })
      ).json().data;
    expect(await asSession(false)).toEqual([{ value: 'acme', calls: 1, credits: expect.any(Number) }]);
    expect(await asSession(true)).toEqual([{ value: 'acme', calls: 2, credits: 0 }]);
  });
});
