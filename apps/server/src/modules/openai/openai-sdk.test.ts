import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { MODELS, SERVICE_COST } from '@conduit/contracts';
import OpenAI, { toFile } from 'openai';
import { describe, expect, it } from 'vitest';
import { openAIAccount } from '../../../test/openai-account.ts';
import { withListeningRuntime } from '../../../test/runtime-with-inbox.ts';
import type { TestRuntime } from '../../../test/test-runtime.ts';

// The official `openai` library, unchanged, pointed at our /v1 with one of our keys.
let runtime: TestRuntime;
let baseUrl: string;
withListeningRuntime((started, url) => {
  runtime = started;
  baseUrl = url;
});

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const run = promisify(execFile);
const EXAMPLE = fileURLToPath(new URL('../../../../../docs/examples/openai-library.mjs', import.meta.url));
const onServer = (url: string) => `${baseUrl}${new URL(url).pathname}${new URL(url).search}`;

const openAIFor = (credits: number) => openAIAccount(runtime, baseUrl, credits);

describe('the official openai library against /v1', () => {
  it('lists the enabled models and reads one; an unknown one is model_not_found', async () => {
    const { client } = await openAIFor(0);
    const ids = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(MODELS.map((model) => model.id));
    expect(await client.models.retrieve('seedream-4.5')).toMatchObject({
      id: 'seedream-4.5',
      object: 'model',
      owned_by: 'conduit',
    });
    const error = await client.models.retrieve('dall-e-3').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'model_not_found', param: 'model' });
  });

  it('generates n images as n calls, as URLs or base64, with size and quality mapped', async () => {
    const { client, balance, tasks } = await openAIFor(20);
    const urls = await client.images.generate({
      model: 'nano-banana',
      prompt: 'A lighthouse',
      n: 2,
      size: '1792x1024',
    });
    expect(urls.data).toHaveLength(2);
    for (const image of urls.data ?? []) {
      const bytes = Buffer.from(await (await fetch(onServer(image.url as string))).arrayBuffer());
      expect(bytes.subarray(0, 4)).toEqual(PNG_MAGIC);
    }
    const b64 = await client.images.generate({
      model: 'seedream-4.5',
      prompt: 'A fox',
      response_format: 'b64_json',
      quality: 'hd',
      size: '1024x1536',
    });
    expect(Buffer.from(b64.data?.[0]?.b64_json as string, 'base64').subarray(0, 4)).toEqual(PNG_MAGIC);
    const rows = await tasks();
    expect(rows.map((row) => [row.service, row.model, row.status, row.cost])).toEqual([
      ['image', 'nano-banana', 'completed', SERVICE_COST.image],
      ['image', 'nano-banana', 'completed', SERVICE_COST.image],
      ['image', 'seedream-4.5', 'completed', 2],
    ]);
    expect(rows[0]?.request).toMatchObject({ image_size: '16:9' });
    expect(rows[2]?.request).toMatchObject({ aspect_ratio: '2:3', quality: 'high' });
    expect(await balance()).toBe(20 - 2 * SERVICE_COST.image - 2);
  }, 60_000);

  it('replays a call sent again with its Idempotency-Key, charging once', async () => {
    const { client, balance, tasks } = await openAIFor(10);
    const options = { headers: { 'Idempotency-Key': 'same-images-1' } };
    const first = await client.images.generate({ prompt: 'A boat', n: 2 }, options);
    const again = await client.images.generate({ prompt: 'A boat', n: 2 }, options);
    expect(again.data?.map((image) => image.url)).toEqual(first.data?.map((image) => image.url));
    expect((await tasks()).length).toBe(2);
    expect(await balance()).toBe(10 - 2 * SERVICE_COST.image);
  }, 60_000);

  it('edits a local file sent as multipart, and one uploaded first', async () => {
    const { client, account, balance, tasks } = await openAIFor(10);
    const source = await client.images.generate({ prompt: 'A cat' });
    const png = Buffer.from(await (await fetch(onServer(source.data?.[0]?.url as string))).arrayBuffer());
    const edited = await client.images.edit({
      model: 'nano-banana',
      image: await toFile(png, 'cat.png', { type: 'image/png' }),
      prompt: 'Give the cat a hat',
    });
    expect(edited.data?.[0]?.url).toMatch(/\/files\/task_/);
    const rows = await tasks();
    expect(rows).toHaveLength(2);
    const inputs = rows[1]?.request.image_urls as string[];
    expect(inputs[0]).toMatch(/\/files\/uploads\/upl_[a-z0-9]+\/[a-z0-9]+\.png\?expires=\d+&signature=/);
    const served = Buffer.from(await (await fetch(onServer(inputs[0] as string))).arrayBuffer());
    expect(served.equals(png)).toBe(true);

    // The upload endpoint: the type from the bytes, a signed URL, listed, deleted.
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'application/octet-stream' }), 'cat.bin');
    const uploaded = await fetch(`${baseUrl}/api/provider/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.key}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const upload = (
      (await uploaded.json()) as { data: { id: string; url: string; contentType: string; bytes: number } }
    ).data;
    expect(upload).toMatchObject({ contentType: 'image/png', bytes: png.length });
    // One character of the signature changed (to one it is not: a fixed 'x' left about one URL in
    // 64 unchanged, and the test failing at random).
    const tampered = upload.url.replace(
      /signature=(.)/,
      (_, first: string) => `signature=${first === 'x' ? 'y' : 'x'}`,
    );
    expect((await fetch(onServer(tampered))).status).toBe(404);
    const list = await fetch(`${baseUrl}/api/provider/files`, {
      headers: { authorization: `Bearer ${account.key}` },
    });
    expect(((await list.json()) as { data: { id: string }[] }).data.map((file) => file.id)).toContain(
      upload.id,
    );
    const removed = await fetch(`${baseUrl}/api/provider/files/${upload.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${account.key}` },
    });
    expect(removed.status).toBe(200);
    expect((await fetch(onServer(upload.url))).status).toBe(404);

    const text = new FormData();
    text.append('file', new Blob([Buffer.from('not an image at all')], { type: 'image/png' }), 'fake.png');
    const refused = await fetch(`${baseUrl}/api/provider/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.key}` },
      body: text,
    });
    expect(refused.status).toBe(400);
    expect(await balance()).toBe(10 - 2 * SERVICE_COST.image);
  }, 60_000);

  it('makes a video from create to content in the video job shape', async () => {
    const { client, balance, tasks } = await openAIFor(20);
    const created = await client.videos.create({ prompt: 'A drone over hills', size: '720x1280' });
    expect(created).toMatchObject({ object: 'video', model: 'fast', size: '720x1280' });
    expect(['queued', 'in_progress']).toContain(created.status);
    let video = created;
    for (let tries = 0; video.status !== 'completed' && video.status !== 'failed' && tries < 240; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      video = await client.videos.retrieve(created.id);
    }
    expect(video).toMatchObject({ id: created.id, status: 'completed', progress: 100 });
    const content = await client.videos.downloadContent(created.id);
    const bytes = Buffer.from(await content.arrayBuffer());
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const listed = await client.videos.list();
    expect(listed.data.map((item) => item.id)).toEqual([created.id]);
    expect((await tasks()).map((row) => [row.service, row.status, row.cost])).toEqual([
      ['video', 'completed', SERVICE_COST.video],
    ]);
    expect(await balance()).toBe(20 - SERVICE_COST.video);
  }, 90_000);

  it('answers each error class as the library types it, charging nothing', async () => {
    const bad = new OpenAI({ apiKey: 'cnd_live_not_a_key', baseURL: `${baseUrl}/v1`, maxRetries: 0 });
    const unauthorized = await bad.models.list().catch((caught: unknown) => caught);
    expect(unauthorized).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(unauthorized).toMatchObject({ status: 401, code: 'invalid_api_key' });

    const { client, balance, tasks, account } = await openAIFor(1);
    const poor = await client.images.generate({ prompt: 'A fox', n: 2 }).catch((caught: unknown) => caught);
    expect(poor).toBeInstanceOf(OpenAI.RateLimitError);
    expect(poor).toMatchObject({ status: 429, code: 'insufficient_quota', type: 'insufficient_quota' });
    expect((poor as InstanceType<typeof OpenAI.RateLimitError>).headers?.get('x-should-retry')).toBe('false');
    // The first image was charged, then given back when the second was refused.
    expect(await balance()).toBe(1);
    expect((await tasks()).map((row) => [row.status, row.credits_refunded])).toEqual([['canceled', 1]]);

    const size = await client.images
      .generate({ model: 'imagen4', prompt: 'A fox', size: '1536x1024' })
      .catch((caught: unknown) => caught);
    expect(size).toBeInstanceOf(OpenAI.BadRequestError);
    expect(size).toMatchObject({ status: 400, param: 'size' });
    const unknown = await client.images
      .generate({ model: 'dall-e-3', prompt: 'A fox' })
      .catch((caught: unknown) => caught);
    expect(unknown).toMatchObject({ status: 404, code: 'model_not_found' });

    await runtime.services.pool.query('update api_keys set rate_limit_per_minute = 1 where id = $1', [
      account.keyId,
    ]);
    await client.models.list().catch(() => undefined);
    const limited = await client.models.list().catch((caught: unknown) => caught);
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect(limited).toMatchObject({ status: 429, code: 'rate_limit_exceeded' });
    expect(
      Number((limited as InstanceType<typeof OpenAI.RateLimitError>).headers?.get('retry-after')),
    ).toBeGreaterThan(0);
    expect(await balance()).toBe(1);
  }, 60_000);

  it('charges concurrent n-image requests all or nothing: the balance never pays for half a request', async () => {
    const { client, balance, tasks, account } = await openAIFor(3);
    const outcomes = await Promise.allSettled([
      client.images.generate({ prompt: 'A fox', n: 2 }),
      client.images.generate({ prompt: 'A hare', n: 2 }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 429, code: 'insufficient_quota' });
    expect(await balance()).toBe(3 - 2 * SERVICE_COST.image);
    const rows = await tasks();
    expect(rows.filter((row) => row.status === 'completed')).toHaveLength(2);
    for (const row of rows.filter((row) => row.status !== 'completed')) {
      expect([row.status, row.credits_refunded]).toEqual(['canceled', row.cost]);
    }
    // A model that does not edit is model_not_found for an edit, before any charge.
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const edit = await client.images
      .edit({ model: 'seedream-4.5', image: await toFile(png, 'a.png'), prompt: 'A hat' })
      .catch((caught: unknown) => caught);
    expect(edit).toMatchObject({ status: 404, code: 'model_not_found', param: 'model' });
    expect(await balance()).toBe(3 - 2 * SERVICE_COST.image);
    const kept = await runtime.services.pool.query(
      'select count(*)::int as count from uploads where workspace_id = $1',
      [account.workspaceId],
    );
    expect(kept.rows[0]?.count).toBe(0);
  }, 60_000);

  it('runs the docs example (docs/examples/openai-library.mjs) as written', async () => {
    const { account, balance } = await openAIFor(20);
    const dir = await mkdtemp(path.join(tmpdir(), 'openai-example-'));
    try {
      const { client } = await openAIFor(1);
      const cat = await client.images.generate({ prompt: 'A cat' });
      await writeFile(
        path.join(dir, 'cat.png'),
        Buffer.from(await (await fetch(onServer(cat.data?.[0]?.url as string))).arrayBuffer()),
      );
      const { stdout } = await run(process.execPath, [EXAMPLE, 'cat.png'], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', CONDUIT_API_KEY: account.key, CONDUIT_BASE_URL: baseUrl },
        timeout: 120_000,
      });
      expect(stdout).toContain('model seedream-4.5');
      expect(stdout.match(/^image /gm)).toHaveLength(2);
      expect((await readFile(path.join(dir, 'hat.png'))).subarray(0, 4)).toEqual(PNG_MAGIC);
      expect((await readFile(path.join(dir, 'hills.mp4'))).subarray(4, 8).toString('latin1')).toBe('ftyp');
      expect(await balance()).toBe(20 - 3 * SERVICE_COST.image - SERVICE_COST.video);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
