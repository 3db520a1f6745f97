import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { imageInput, pollStates, videoInput } from '../../../test/engine-calls.ts';
import type { FakeKieFailure } from '../../../test/fake-kie.ts';
import { fakeKieForTests, kieEngineOn } from '../../../test/kie-engines.ts';
import { createPaidAccount, ledgerCheck } from '../../../test/paid-account.ts';
import { rejectionOf } from '../../../test/rejection.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { type MediaInput, UpstreamCreateLost, UpstreamRejected, UpstreamUnavailable } from './engine.ts';
import { customerSafeReason, type KieEngineOptions } from './kie-engine.ts';

const kie = fakeKieForTests({ pendingPolls: 2 }, 'error');
const { log } = kie;

const FAST: KieEngineOptions = {
  log,
  requestTimeoutMs: 1_000,
  retryDelaysMs: { rateLimited: 100, maintenance: 200, accountProblem: 300 },
};
const engineFor = (apiKey = kie.fake.apiKey, options: KieEngineOptions = {}, baseUrl = kie.fake.url) =>
  kieEngineOn({ KIE_API_KEY: apiKey, KIE_BASE_URL: baseUrl }, { ...FAST, ...options });

const sora = (videoUrl: string): MediaInput => ({ service: 'sora', request: { video_url: videoUrl } });

describe('kie engine: the bodies it sends', () => {
  it('image: nano-banana without image_urls, nano-banana-edit with them; our key, no callback, no task id', async () => {
    const engine = engineFor();
    await engine.startJob(
      imageInput('a red fox', { image_size: '16:9', callBackUrl: 'https://customer.example/hook' }),
      {
        taskId: 'task_ours00000000000',
        callBackUrl: 'https://conduit.example/cb',
      },
    );
    expect(kie.fake.created.at(-1)?.body).toEqual({
      model: 'google/nano-banana',
      input: { prompt: 'a red fox', output_format: 'png', aspect_ratio: '16:9' },
    });
    expect(kie.fake.requests.at(-1)?.authorization).toBe(`Bearer ${kie.fake.apiKey}`);

    const urls = ['https://img.example/a.png', 'https://img.example/b.png'];
    await engine.startJob(imageInput('make it blue', { image_urls: urls, output_format: 'jpeg' }), {
      taskId: 'task_ours00000000001',
    });
    expect(kie.fake.created.at(-1)?.body).toEqual({
      model: 'google/nano-banana-edit',
      input: {
        prompt: 'make it blue',
        image_urls: urls,
        output_format: 'jpeg',
        aspect_ratio: '1:1',
      },
    });
    expect(JSON.stringify(kie.fake.requests.slice(-2))).not.toMatch(/task_ours|callBack|example\/hook/);
  });

  it('video: standard is veo3, fast is veo3_fast, only the fields kie documents are sent', async () => {
    const engine = engineFor();
    await engine.startJob(
      videoInput('waves at dusk', {
        model: 'standard',
        aspectRatio: '9:16',
        imageUrls: ['https://img.example/first.png'],
        seeds: 12345,
        enableFallback: true,
        enableTranslation: false,
        watermark: 'Conduit',
        callBackUrl: 'https://customer.example/hook',
      }),
      { taskId: 'task_ours00000000002' },
    );
    expect(kie.fake.created.at(-1)).toMatchObject({ endpoint: 'generate' });
    expect(kie.fake.created.at(-1)?.body).toEqual({
      prompt: 'waves at dusk',
      imageUrls: ['https://img.example/first.png'],
      model: 'veo3',
      aspectRatio: '9:16',
      enableTranslation: false,
      watermark: 'Conduit',
    });
    // `seeds` left kie's field list and `enableFallback` is deprecated: accepted from us, never sent.
    expect(kie.fake.deprecatedUses).toEqual([]);
    await engine.startJob(videoInput('a fox running'), { taskId: 'task_ours00000000003' });
    expect(kie.fake.created.at(-1)?.body).toEqual({
      prompt: 'a fox running',
      model: 'veo3_fast',
      aspectRatio: '16:9',
      enableTranslation: true,
    });
  });

  it('sora: the watermark remover with upload_method s3', async () => {
    await engineFor().startJob(sora('https://sora.chatgpt.com/p/s_68abc'), {
      taskId: 'task_ours00000000004',
    });
    expect(kie.fake.created.at(-1)?.body).toEqual({
      model: 'sora-watermark-remover',
      input: { video_url: 'https://sora.chatgpt.com/p/s_68abc', upload_method: 's3' },
    });
  });
});

describe('kie engine: polling', () => {
  it('image: waiting, generating, then the result URL, which serves the file', async () => {
    const engine = engineFor();
    const { upstreamId } = await engine.startJob(imageInput('a lighthouse'), { taskId: 't' });
    const states = await pollStates(engine, 'image', upstreamId);
    expect(states.slice(0, 2)).toEqual([
      { state: 'pending', detail: 'waiting' },
      { state: 'pending', detail: 'generating' },
    ]);
    const done = states[2];
    expect(done).toMatchObject({ state: 'succeeded', files: [{ kind: 'url' }] });
    const file = done?.state === 'succeeded' ? done.files[0] : undefined;
    const bytes = Buffer.from(await (await fetch((file as { url: string }).url)).arrayBuffer());
    expect(bytes.equals(kie.fake.png)).toBe(true);
  });

  it('video and sora: pending while generating, then MP4 URLs', async () => {
    const engine = engineFor();
    for (const input of [videoInput('a calm sea'), sora('https://sora.chatgpt.com/p/s_1')]) {
      const { upstreamId } = await engine.startJob(input, { taskId: 't' });
      const states = await pollStates(engine, input.service, upstreamId);
      expect(states.map((s) => s.state)).toEqual(['pending', 'pending', 'succeeded']);
      expect(states[2]).toMatchObject({ files: [{ kind: 'url', contentType: 'video/mp4' }] });
    }
  });

  it('a failed generation settles as failed with a reason free of upstream ids and URLs', async () => {
    const engine = engineFor();
    kie.fake.pendingPolls = 0;
    for (const input of [
      imageInput('please fail'),
      videoInput('please fail'),
      sora('https://sora.chatgpt.com/p/fail'),
    ]) {
      const { upstreamId } = await engine.startJob(input, { taskId: 't' });
      const state = await engine.pollJob(input.service, upstreamId);
      expect(state).toEqual({
        state: 'failed',
        reason: 'Content moderation flagged the input',
        upstreamBilled: false,
      });
      expect(JSON.stringify(state)).not.toContain(upstreamId);
    }
  });

  it('a success without result URLs is a failure (refunded), not a crash', async () => {
    const engine = engineFor();
    kie.fake.pendingPolls = 0;
    const { upstreamId } = await engine.startJob(imageInput('empty please'), { taskId: 't' });
    expect(await engine.pollJob('image', upstreamId)).toEqual({
      state: 'failed',
      reason: 'The generation finished without a result',
    });
  });
});

describe('kie engine: errors', () => {
  const cases: {
    name: string;
    failure: FakeKieFailure;
    type: abstract new (...args: never[]) => Error;
    retryAfterMs?: number;
  }[] = [
    {
      name: 'HTTP 429 with Retry-After',
      failure: { status: 429, code: 429, retryAfter: '2' },
      type: UpstreamUnavailable,
      retryAfterMs: 2000,
    },
    {
      name: 'HTTP 429 asking for a day',
      failure: { status: 429, code: 429, retryAfter: '86400' },
      type: UpstreamUnavailable,
      retryAfterMs: 300_000,
    },
    { name: 'HTTP 429', failure: { status: 429, code: 429 }, type: UpstreamUnavailable, retryAfterMs: 100 },
    { name: 'code 429 in a 200', failure: { code: 429 }, type: UpstreamUnavailable, retryAfterMs: 100 },
    { name: '455 maintenance', failure: { code: 455 }, type: UpstreamUnavailable, retryAfterMs: 200 },
    // kie may have accepted a create it answered with a 5xx: lost, never re-sent (docs/upstreams.md).
    { name: 'HTTP 500', failure: { status: 500, code: 500 }, type: UpstreamCreateLost },
    { name: 'HTTP 502', failure: { status: 502, code: 502 }, type: UpstreamCreateLost },
    { name: 'code 500 in a 200', failure: { code: 500, msg: 'internal' }, type: UpstreamCreateLost },
    { name: '402 our credits', failure: { code: 402 }, type: UpstreamUnavailable, retryAfterMs: 300 },
    { name: '505 disabled', failure: { code: 505 }, type: UpstreamUnavailable, retryAfterMs: 300 },
    { name: '422 validation', failure: { code: 422 }, type: UpstreamRejected },
    { name: '501 generation failed', failure: { code: 501 }, type: UpstreamRejected },
  ];
  it.each(cases)('$name -> $type.name', async ({ failure, type, retryAfterMs }) => {
    kie.fake.failNext('createTask', failure);
    const error = await rejectionOf(engineFor().startJob(imageInput('a cat'), { taskId: 't' }));
    expect(error).toBeInstanceOf(type);
    if (retryAfterMs !== undefined) expect(error.retryAfterMs).toBe(retryAfterMs);
  });

  it('problems with our own account (401, 402, 505) retry later and are kie.logged at error level', async () => {
    const wrongKey = await rejectionOf(
      engineFor('not-our-key').startJob(imageInput('a cat'), { taskId: 't' }),
    );
    expect(wrongKey).toBeInstanceOf(UpstreamUnavailable);
    kie.fake.failNext('createTask', { code: 402, msg: 'Credits insufficient' });
    kie.fake.failNext('generate', { code: 505, msg: 'The feature is disabled' });
    await rejectionOf(engineFor().startJob(imageInput('a cat'), { taskId: 't' }));
    await rejectionOf(engineFor().startJob(videoInput('a cat'), { taskId: 't' }));
    expect(kie.logged.map((line) => [line.level, line.code, line.upstreamMessage])).toEqual([
      [50, 401, 'You do not have access permissions'],
      [50, 402, 'Credits insufficient'],
      [50, 505, 'The feature is disabled'],
    ]);
    expect(JSON.stringify(kie.logged)).not.toContain(kie.fake.apiKey);
  });

  it('a rejection carries the upstream reason (msg or message) without its links or ids', async () => {
    for (const input of [imageInput('reject me'), videoInput('reject me')]) {
      const error = await rejectionOf(engineFor().startJob(input, { taskId: 't' }));
      expect(error).toBeInstanceOf(UpstreamRejected);
      expect(error.message).toBe('Prompt violates the content policy');
    }
    kie.fake.failNext('generate', {
      code: 422,
      msg: `imageUrls could not be read for task 3f2a9c1b7d6e4f508a1b2c3d4e5f6a7b with key ${kie.fake.apiKey}`,
    });
    const error = await rejectionOf(engineFor().startJob(videoInput('a cat'), { taskId: 't' }));
    expect(error.message).toBe('imageUrls could not be read for task with key');
  });

  it('unreachable, slow and unreadable upstreams are retry-later', async () => {
    const unreachable = await rejectionOf(
      engineFor(kie.fake.apiKey, {}, 'http://127.0.0.1:9').startJob(imageInput('a cat'), { taskId: 't' }),
    );
    expect(unreachable).toBeInstanceOf(UpstreamUnavailable);
    kie.fake.slowMs = 1_000;
    const started = Date.now();
    const slow = await rejectionOf(
      engineFor(kie.fake.apiKey, { requestTimeoutMs: 150 }).startJob(imageInput('slow cat'), { taskId: 't' }),
    );
    // The create may have arrived: its answer is lost, not a plain retry.
    expect(slow).toBeInstanceOf(UpstreamCreateLost);
    expect(slow.message).toMatch(/timed out/);
    expect(Date.now() - started).toBeLessThan(900);
    kie.fake.failNext('recordInfo', { status: 503, code: 503 });
    const poll = await rejectionOf(engineFor().pollJob('image', 'whatever'));
    expect(poll).toBeInstanceOf(UpstreamUnavailable);
  });

  it('reads the upstream balance; LinkedIn without APIFY_TOKEN is not configured; no key, no engine', async () => {
    expect(await engineFor().upstreamBalance?.()).toBe(1234.5);
    const linkedin = await rejectionOf(
      engineFor().scrapeLinkedin({ username: 'ada', page_number: 1, limit: 3 }, {}),
    );
    expect(linkedin).toBeInstanceOf(UpstreamUnavailable);
    expect(linkedin.message).toBe('LinkedIn scraping is not configured');
    expect(() => engineFor('')).toThrow(/KIE_API_KEY/);
  });

  it('customerSafeReason keeps the words and drops links, ids and secrets', () => {
    expect(customerSafeReason('Failed: see https://x.example/a?b=1 (id 0123456789abcdef01)', 'x')).toBe(
      'Failed: see',
    );
    expect(customerSafeReason('https://only.example/link', 'fallback')).toBe('fallback');
    expect(customerSafeReason(undefined, 'fallback')).toBe('fallback');
    expect(customerSafeReason('bad key sk-live-abc', 'x', ['sk-live-abc'])).toBe('bad key');
    expect(customerSafeReason('x'.repeat(500), 'f')).toHaveLength(300);
  });
});

/** Nothing upstream in what a customer sees: no kie host, task id or key. */
function expectNoUpstreamIn(response: LightMyRequestResponse) {
  const body = response.body;
  expect(body).not.toContain(kie.fake.url);
  expect(body).not.toContain('127.0.0.1');
  expect(body).not.toContain(kie.fake.apiKey);
  for (const { taskId } of kie.fake.created) expect(body).not.toContain(taskId);
}
/** Found by prompt: a create the engine gave up on (the slow one above) may land at any time. */
const createdWith = (text: string) => kie.fake.created.findLast((c) => JSON.stringify(c.body).includes(text));

/** The real app on its own database, with the kie engine against the fake, and a client for it. */
function gatewayOn(env: Record<string, string>) {
  const gateway = {
    runtime: undefined as unknown as TestRuntime,
    post: (url: string, key: string, payload: object) =>
      gateway.runtime.app.inject({ method: 'POST', url, payload, headers: { 'x-api-key': key } }),
    get: (url: string, key: string) =>
      gateway.runtime.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } }),
    async servedBytes(url: string) {
      const file = await gateway.runtime.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(file.statusCode).toBe(200);
      return file.rawPayload;
    },
    newAccount: () => createPaidAccount(gateway.runtime.services),
    ledgerOf: (userId: string) => ledgerCheck(gateway.runtime.services, userId),
  };
  beforeAll(async () => {
    gateway.runtime = await createTestRuntime(env, { engine: engineFor() });
  });
  afterAll(() => gateway.runtime.close());
  // One "generating" answer before the result: the runner's back-off grows fast after that.
  beforeEach(() => {
    kie.fake.pendingPolls = 1;
  });
  return gateway;
}

describe('kie engine through the gateway: sync calls', () => {
  // An API-only process: the sync call drives its own task, with no worker racing it for the lease.
  const { post, servedBytes, newAccount, ledgerOf } = gatewayOn({ ROLE: 'api' });

  it('image: pending, then done; the result is copied to our /files/ and the balance drops by 1', async () => {
    const account = await newAccount();
    const response = await post('/api/provider/image', account.key, { prompt: 'a lighthouse at night' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      status: 'completed',
      creditsUsed: 1,
      engine: { engine: 'kie', isDevelopmentEngine: false },
    });
    expect(data.resultUrls).toHaveLength(1);
    expect(new URL(data.resultUrls[0]).pathname).toMatch(/^\/files\/task_[a-z0-9]{16}\/[a-z0-9]{20}\.png$/);
    expect((await servedBytes(data.resultUrls[0])).equals(kie.fake.png)).toBe(true);
    const upstreamId = createdWith('a lighthouse at night')?.taskId;
    const polls = kie.fake.requests.filter(
      (r) => r.endpoint === 'recordInfo' && r.query.taskId === upstreamId,
    );
    expect(polls).toHaveLength(2);
    expectNoUpstreamIn(response);
    expect(await ledgerOf(account.userId)).toEqual({ balance: 19, sum: 19 });
  });

  it('image with image_urls goes to nano-banana-edit', async () => {
    const account = await newAccount();
    const input = `${kie.fake.url}/files/input/photo.png`;
    const response = await post('/api/provider/image', account.key, {
      prompt: 'make it blue',
      image_urls: [input],
    });
    expect(response.json().data.status).toBe('completed');
    expect(createdWith('make it blue')?.body).toMatchObject({
      model: 'google/nano-banana-edit',
      input: { image_urls: [input] },
    });
  });

  it('a failed generation is refunded once and says why without upstream ids or links', async () => {
    const account = await newAccount();
    const response = await post('/api/provider/image', account.key, { prompt: 'please fail' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'UPSTREAM_FAILED',
      creditsRefunded: 1,
      error: 'The image task failed: Content moderation flagged the input',
    });
    expectNoUpstreamIn(response);
    expect(await ledgerOf(account.userId)).toEqual({ balance: 20, sum: 20 });
  });

  it('a prompt kie.ai rejects (422) is refunded', async () => {
    const account = await newAccount();
    const response = await post('/api/provider/image', account.key, { prompt: 'reject this' });
    expect(response.json()).toMatchObject({ code: 'UPSTREAM_FAILED', creditsRefunded: 1 });
    expect(response.json().error).toBe('The image task failed: Prompt violates the content policy');
    expect(await ledgerOf(account.userId)).toEqual({ balance: 20, sum: 20 });
  });

  it('sora sync: the watermark-free MP4 from our storage', async () => {
    const account = await newAccount();
    const response = await post('/api/provider/sora-watermark-remover/sync', account.key, {
      video_url: 'https://sora.chatgpt.com/p/s_demo',
    });
    const { data } = response.json();
    expect(data.status).toBe('completed');
    expect(new URL(data.resultUrls[0]).pathname).toMatch(/\.mp4$/);
    expect((await servedBytes(data.resultUrls[0])).equals(kie.fake.mp4)).toBe(true);
    expectNoUpstreamIn(response);
  });
});

describe('kie engine through the gateway: async calls', () => {
  const { post, get, servedBytes, newAccount, ledgerOf } = gatewayOn({});

  it('video: a 429 at start is retried later, not refunded; the MP4 lands on our storage', async () => {
    const account = await newAccount();
    kie.fake.failNext('generate', { status: 429, code: 429, msg: 'Rate limited' });
    const generates = () =>
      kie.fake.requests.filter((r) => r.endpoint === 'generate' && r.body?.prompt === 'rush hour');
    const created = await post('/api/provider/video', account.key, {
      prompt: 'rush hour',
      model: 'standard',
    });
    const { statusUrl } = created.json().data;
    await expect
      .poll(async () => (await get(statusUrl, account.key)).json().data.status, { timeout: 10_000 })
      .toBe('completed');
    const status = await get(statusUrl, account.key);
    const { data } = status.json();
    expect(data).toMatchObject({ creditsUsed: 10, creditsRefunded: 0 });
    expect(generates()).toHaveLength(2);
    expect(kie.fake.created.filter((c) => c.body.prompt === 'rush hour')).toHaveLength(1);
    expect((await servedBytes(data.videoUrls[0])).equals(kie.fake.mp4)).toBe(true);
    expectNoUpstreamIn(status);
    expect(await ledgerOf(account.userId)).toEqual({ balance: 10, sum: 10 });
  });
});
