import { MODELS, type ModelsAnswer } from '@conduit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInAccount, signedInAccount } from '../../../test/accounts.ts';
import { type FakeKie, startFakeKie } from '../../../test/fake-kie.ts';
import { kieEngineOn } from '../../../test/kie-engines.ts';
import { compileComponent, type OpenApiOperation } from '../../../test/openapi-schemas.ts';
import { createPaidAccount, ledgerCheck, postWithKey } from '../../../test/paid-account.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { buildOpenApiDocument } from '../docs/build-openapi.ts';
import type { MediaInput } from '../engines/engine.ts';
import { falHonours } from '../engines/fal-engine.ts';
import { createLocalEngine } from '../engines/local-engine.ts';

/** What each catalogue model sends kie.ai for `{model, prompt}` with its defaults (docs/upstreams.md). */
const EXPECTED_KIE_BODIES: Record<string, { model: string; input: Record<string, unknown> }> = {
  'nano-banana-pro': {
    model: 'nano-banana-pro',
    input: { prompt: 'p', aspect_ratio: '1:1', resolution: '1K', output_format: 'png' },
  },
  'seedream-4.5': {
    model: 'seedream/4.5-text-to-image',
    input: { prompt: 'p', aspect_ratio: '1:1', quality: 'basic', nsfw_checker: true },
  },
  'gpt-image-1.5': {
    model: 'gpt-image/1.5-text-to-image',
    input: { prompt: 'p', aspect_ratio: '1:1', quality: 'medium' },
  },
  imagen4: { model: 'google/imagen4', input: { prompt: 'p', aspect_ratio: '1:1' } },
  'imagen4-fast': { model: 'google/imagen4-fast', input: { prompt: 'p', aspect_ratio: '1:1' } },
  'kling-2.6': {
    model: 'kling-2.6/text-to-video',
    input: { prompt: 'p', sound: false, aspect_ratio: '16:9', duration: '5' },
  },
  'seedance-1-pro': {
    model: 'bytedance/v1-pro-text-to-video',
    input: {
      prompt: 'p',
      aspect_ratio: '16:9',
      resolution: '720p',
      duration: '5',
      camera_fixed: false,
      nsfw_checker: true,
    },
  },
  'wan-2.6': {
    model: 'wan/2-6-text-to-video',
    input: { prompt: 'p', duration: '5', resolution: '1080p', nsfw_checker: true },
  },
  'hailuo-02-pro': {
    model: 'hailuo/02-text-to-video-pro',
    input: { prompt: 'p', prompt_optimizer: true, nsfw_checker: true },
  },
};

const inputOf = (id: string, fields: Record<string, unknown> = {}): MediaInput => {
  const model = MODELS.find((candidate) => candidate.id === id);
  if (!model) throw new Error(id);
  return {
    service: model.service,
    request: model.request.parse({ model: id, prompt: 'p', ...fields }),
  } as MediaInput;
};

describe('the catalogue on kie.ai', () => {
  let fake: FakeKie;
  beforeAll(async () => {
    fake = await startFakeKie({ pendingPolls: 0 });
  });
  afterAll(() => fake.close());
  const engine = () =>
    kieEngineOn({ KIE_API_KEY: fake.apiKey, KIE_BASE_URL: fake.url }, { requestTimeoutMs: 2_000 });

  it('each model beyond the defaults sends its documented jobs body, which the fake accepts, and polls to its file', async () => {
    expect(Object.keys(EXPECTED_KIE_BODIES).length + 3).toBe(MODELS.length);
    for (const [id, expected] of Object.entries(EXPECTED_KIE_BODIES)) {
      const input = inputOf(id);
      const started = await engine().startJob(input, { taskId: 'task_ours' });
      expect(fake.created.at(-1)?.body, id).toEqual(expected);
      const state = await engine().pollJob(input.service, started.upstreamId, null, new Date(), id);
      expect(state.state, id).toBe('succeeded');
      const file = state.state === 'succeeded' ? state.files[0] : undefined;
      expect(
        file && file.kind === 'url' && file.url.endsWith(input.service === 'image' ? '.png' : '.mp4'),
        id,
      ).toBe(true);
    }
    expect(fake.requests.filter((request) => request.endpoint === 'record-info')).toEqual([]);
  });

  it("a model's own fields map onto its input: seeds, negative prompts, reference images, durations", async () => {
    await engine().startJob(inputOf('imagen4', { negative_prompt: 'blur', seed: 42, aspect_ratio: '9:16' }), {
      taskId: 't',
    });
    expect(fake.created.at(-1)?.body.input).toEqual({
      prompt: 'p',
      negative_prompt: 'blur',
      aspect_ratio: '9:16',
      seed: '42',
    });
    await engine().startJob(inputOf('nano-banana-pro', { image_urls: ['https://img.example/a.png'] }), {
      taskId: 't',
    });
    expect(fake.created.at(-1)?.body.input).toMatchObject({ image_input: ['https://img.example/a.png'] });
    await engine().startJob(inputOf('wan-2.6', { duration: 15, resolution: '720p' }), { taskId: 't' });
    expect(fake.created.at(-1)?.body.input).toEqual({
      prompt: 'p',
      duration: '15',
      resolution: '720p',
      nsfw_checker: true,
    });
    // Imagen 4 Fast types its seed as an integer, Imagen 4 as a string: each gets its own.
    const fast = await engine().startJob(inputOf('imagen4-fast', { seed: 42 }), { taskId: 't' });
    expect(fake.created.at(-1)?.body.input).toEqual({ prompt: 'p', aspect_ratio: '1:1', seed: 42 });
    expect(fake.created.at(-1)?.taskId).toBe(fast.upstreamId);
  });
});

describe('the catalogue elsewhere', () => {
  it('fails over to fal only for a model fal serves itself: nano-banana and Veo, never the others', () => {
    expect(falHonours(inputOf('nano-banana', { image_size: '1:1' }))).toBe(true);
    expect(falHonours(inputOf('fast', { enableTranslation: false }))).toBe(true);
    expect(falHonours(inputOf('standard', { enableTranslation: false }))).toBe(true);
    for (const id of Object.keys(EXPECTED_KIE_BODIES)) expect(falHonours(inputOf(id)), id).toBe(false);
  });

  it('the development engine draws each model deterministically, its name setting it apart', async () => {
    const engine = createLocalEngine({ jobMs: { video: 0, sora: 0 } });
    const bytesOf = async (input: MediaInput) => {
      const { upstreamId } = await engine.startJob(input, { taskId: 't' });
      const state = await engine.pollJob(input.service, upstreamId);
      if (state.state !== 'succeeded' || state.files[0]?.kind !== 'bytes')
        throw new Error(JSON.stringify(state));
      return state.files[0];
    };
    const imagen = await bytesOf(inputOf('imagen4', { aspect_ratio: '16:9' }));
    expect(imagen.contentType).toBe('image/png');
    expect((await bytesOf(inputOf('imagen4', { aspect_ratio: '16:9' }))).data.equals(imagen.data)).toBe(true);
    // The same fields, another model: only the name drawn on it differs.
    const fast = await bytesOf(inputOf('imagen4-fast', { aspect_ratio: '16:9' }));
    expect(fast.data.equals(imagen.data)).toBe(false);
    expect((await bytesOf(inputOf('nano-banana-pro', { output_format: 'jpg' }))).contentType).toBe(
      'image/jpeg',
    );
    expect((await bytesOf(inputOf('wan-2.6'))).contentType).toBe('video/mp4');
    await engine.close?.();
  });
});

describe('the catalogue through the API', () => {
  let runtime: TestRuntime;
  let admin: SignedInAccount;
  beforeAll(async () => {
    runtime = await createTestRuntime({ ROLE: 'api' });
    admin = await signedInAccount(runtime, 'admin');
  });
  afterAll(() => runtime.close());
  const ledger = (workspaceId: string) => ledgerCheck(runtime.services, workspaceId);

  it('GET /api/provider/models is public and matches its OpenAPI schema; the defaults keep the published prices', async () => {
    const answer = await runtime.app.inject({ method: 'GET', url: '/api/provider/models' });
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as ModelsAnswer;
    const document = buildOpenApiDocument({ serverUrl: 'https://api.conduit.test' });
    const operation = document.paths['/api/provider/models']?.get as OpenApiOperation;
    const validate = compileComponent(
      document,
      operation.responses[200]?.content?.['application/json']?.schema,
    );
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    const byId = new Map(body.data.map((model) => [model.id, model]));
    expect(body.data.filter((model) => model.service === 'image').length).toBeGreaterThanOrEqual(6);
    expect(body.data.filter((model) => model.service === 'video').length).toBeGreaterThanOrEqual(6);
    expect(byId.get('nano-banana')).toMatchObject({ credits: 1, isDefault: true });
    expect(byId.get('fast')).toMatchObject({ credits: 10, isDefault: true });
    expect(byId.get('standard')).toMatchObject({ credits: 10, isDefault: false });
    expect(byId.get('kling-2.6')?.requestSchema).toMatchObject({
      properties: { duration: expect.anything(), sound: { type: 'boolean' } },
    });
  });

  it('charges each model the price of its variant, records the variant and its cost, and refunds a failed task in full', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100 });
    const image = await postWithKey(runtime.app, account.key, '/api/provider/image', {
      model: 'imagen4',
      prompt: 'a fox',
      negative_prompt: 'blur',
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['x-credits-charged']).toBe('2');
    const failed = await postWithKey(runtime.app, account.key, '/api/provider/image', {
      model: 'gpt-image-1.5',
      prompt: 'a fox [fail]',
    });
    expect(failed.statusCode).toBe(502);
    const video = await postWithKey(runtime.app, account.key, '/api/provider/video', {
      model: 'kling-2.6',
      prompt: 'a drone shot',
      duration: 10,
    });
    expect(video.statusCode).toBe(200);
    // Kling 2.6 at 10 s costs kie twice its 5 s price: it sells for its variant's price, 16.
    expect(video.headers['x-credits-charged']).toBe('16');
    const task = await runtime.services.pool.query('select cost, variant, request from tasks where id = $1', [
      (video.json() as { data: { taskId: string } }).data.taskId,
    ]);
    expect(task.rows[0]).toMatchObject({
      cost: 16,
      variant: '10s',
      request: { model: 'kling-2.6', duration: 10 },
    });
    expect(await ledger(account.workspaceId)).toEqual({ balance: 100 - 2 - 16, sum: 100 - 2 - 16 });
  });

  it('an unknown or disabled model, or a field the model does not take, is a 400 naming it, with nothing charged', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100 });
    const refused = async (url: string, body: object, field: string, error?: string) => {
      const answer = await postWithKey(runtime.app, account.key, url, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json(), JSON.stringify(body)).toMatchObject({
        code: 'VALIDATION_FAILED',
        field,
        ...(error ? { error } : {}),
      });
    };
    await refused('/api/provider/image', { model: 'dall-e-9', prompt: 'x' }, 'model');
    await refused('/api/provider/video', { model: 'imagen4', prompt: 'x' }, 'model');
    await refused(
      '/api/provider/video',
      { model: 'kling-2.6', prompt: 'x', duration: 7 },
      'duration',
      'duration: must be one of 5, 10',
    );
    // kie's Kling 2.6 takes 1,000 characters at most: a longer prompt is ours to refuse, not its 422.
    await refused('/api/provider/video', { model: 'kling-2.6', prompt: 'x'.repeat(1_001) }, 'prompt');
    // A field the model does not take is named itself, whichever check finds it.
    await refused(
      '/api/provider/image',
      { model: 'imagen4', prompt: 'x', image_size: '1:1' },
      'image_size',
      'image_size: unknown field',
    );
    await refused(
      '/api/provider/video',
      { model: 'kling-2.6', prompt: 'x', quality: 'high' },
      'quality',
      'quality: unknown field',
    );
    await refused('/api/provider/image', { prompt: 'x', bogus: 1 }, 'bogus', 'bogus: unknown field');
    await refused(
      '/api/provider/sora-watermark-remover',
      { video_url: 'https://sora.chatgpt.com/p/s_1', bogus: 1 },
      'bogus',
      'bogus: unknown field',
    );
    await refused('/api/provider/image', { prompt: 'x', image_size: '7:7' }, 'image_size');

    const off = await admin.call('PATCH', '/api/admin/models/seedream-4.5', { enabled: false });
    expect(off.statusCode).toBe(200);
    await refused('/api/provider/image', { model: 'seedream-4.5', prompt: 'x' }, 'model');
    const quote = await postWithKey(runtime.app, account.key, '/api/provider/quote', {
      service: 'image',
      body: { model: 'seedream-4.5', prompt: 'x' },
    });
    expect(quote.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.model' });
    const listed = (await runtime.app
      .inject({ url: '/api/provider/models' })
      .then((r) => r.json())) as ModelsAnswer;
    expect(listed.data.map((model) => model.id)).not.toContain('seedream-4.5');
    await admin.call('PATCH', '/api/admin/models/seedream-4.5', { enabled: true });
    expect(await ledger(account.workspaceId)).toEqual({ balance: 100, sum: 100 });
  });

  it('an admin price change is audited; a held quote keeps its price, and quotes are per model', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100 });
    const body = { model: 'hailuo-02-pro', prompt: 'waves' };
    const quote = await postWithKey(runtime.app, account.key, '/api/provider/quote', {
      service: 'video',
      body,
    });
    const { quoteId, credits } = (quote.json() as { data: { quoteId: string; credits: number } }).data;
    expect(credits).toBe(12);

    const raised = await admin.call('PATCH', '/api/admin/models/hailuo-02-pro', { credits: 20 });
    expect(raised.statusCode).toBe(200);
    expect(raised.json()).toMatchObject({ model: { id: 'hailuo-02-pro', credits: 20, defaultCredits: 12 } });
    const audit = await runtime.services.pool.query(
      `select actor_id, details from admin_audit_log where action = 'model.updated' and details->>'model' = 'hailuo-02-pro'`,
    );
    expect(audit.rows).toEqual([
      {
        actor_id: admin.userId,
        details: {
          model: 'hailuo-02-pro',
          before: { enabled: true, credits: null },
          after: { enabled: true, credits: 20 },
        },
      },
    ]);

    const unquoted = await postWithKey(runtime.app, account.key, '/api/provider/video', body);
    expect(unquoted.headers['x-credits-charged']).toBe('20');
    // Another model's call cannot pay this quote.
    const other = await postWithKey(runtime.app, account.key, '/api/provider/video', {
      model: 'wan-2.6',
      prompt: 'waves',
      quoteId,
    });
    expect(other.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'quoteId' });
    const quoted = await postWithKey(runtime.app, account.key, '/api/provider/video', { ...body, quoteId });
    expect(quoted.headers['x-credits-charged']).toBe('12');
    const capped = await postWithKey(runtime.app, account.key, '/api/provider/video', {
      ...body,
      maxCredits: 15,
    });
    expect(capped.statusCode).toBe(402);
    expect(await ledger(account.workspaceId)).toEqual({ balance: 100 - 20 - 12, sum: 100 - 20 - 12 });

    const models = await admin.call('GET', '/api/admin/models');
    expect((models.json() as { models: { id: string; credits: number }[] }).models).toContainEqual(
      expect.objectContaining({ id: 'hailuo-02-pro', credits: 20 }),
    );
    expect((await admin.call('PATCH', '/api/admin/models/nope', { credits: 3 })).statusCode).toBe(404);
    expect((await admin.call('PATCH', '/api/admin/models/fast', { credits: 0 })).statusCode).toBe(400);
  });
});
