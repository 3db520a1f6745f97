import { MODELS, SERVICE_COST } from '@conduit/contracts';
import OpenAI, { toFile } from 'openai';
import { describe, expect, it } from 'vitest';
import { signedInAccount } from '../../../test/accounts.ts';
import { openAIAccount } from '../../../test/openai-account.ts';
import { withListeningRuntime } from '../../../test/runtime-with-inbox.ts';
import type { TestRuntime } from '../../../test/test-runtime.ts';

// The official `openai` library against /v1: a video sent again in parallel with its
// Idempotency-Key, and the model list as an admin switches a model off and on.
let runtime: TestRuntime;
let baseUrl: string;
withListeningRuntime((started, url) => {
  runtime = started;
  baseUrl = url;
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(2040, 7),
]);

const openAIFor = async (credits: number) => {
  const { account, client, balance } = await openAIAccount(runtime, baseUrl, credits);
  const count = async (table: 'tasks' | 'uploads') =>
    (
      await runtime.services.pool.query<{ count: number }>(
        `select count(*)::int as count from ${table} where workspace_id = $1`,
        [account.workspaceId],
      )
    ).rows[0]?.count;
  /** The inputs of the workspace's tasks, and the ids of its uploads not deleted. */
  const inputs = async () => ({
    tasks: (
      await runtime.services.pool.query<{ urls: string[] }>(
        `select coalesce(request->'imageUrls', request->'image_urls') as urls from tasks
          where workspace_id = $1 order by created_at`,
        [account.workspaceId],
      )
    ).rows.map((row) => row.urls),
    uploads: (
      await runtime.services.pool.query<{ id: string }>(
        'select id from uploads where workspace_id = $1 and deleted_at is null order by created_at',
        [account.workspaceId],
      )
    ).rows.map((row) => row.id),
  });
  return { client, balance, count, inputs };
};

describe('POST /v1/videos with an Idempotency-Key', () => {
  it('answers parallel requests of the same key and body with one video, charged once', async () => {
    const { client, balance, count, inputs } = await openAIFor(100);
    const same = { headers: { 'Idempotency-Key': 'same-video-1' } };
    const body = { prompt: 'A drone over hills', size: '1280x720' as const, seconds: '8' as const };
    const videos = await Promise.all(Array.from({ length: 4 }, () => client.videos.create(body, same)));
    expect(new Set(videos.map((video) => video.id)).size).toBe(1);
    expect(videos[0]).toMatchObject({ object: 'video', model: 'fast', size: '1280x720' });
    expect(await count('tasks')).toBe(1);
    expect(await balance()).toBe(100 - SERVICE_COST.video);
    // The same key with another body is refused, charging nothing.
    const other = await client.videos
      .create({ ...body, prompt: 'A boat at dawn' }, same)
      .catch((caught: unknown) => caught);
    expect(other).toBeInstanceOf(OpenAI.ConflictError);
    expect(other).toMatchObject({ status: 409 });

    // An input_reference file sent again with its key is the same request too.
    const withFile = { headers: { 'Idempotency-Key': 'same-video-2' } };
    const animated = await Promise.all(
      Array.from({ length: 3 }, async () =>
        client.videos.create(
          {
            prompt: 'The cat looks up',
            input_reference: await toFile(PNG, 'cat.png', { type: 'image/png' }),
          },
          withFile,
        ),
      ),
    );
    expect(new Set(animated.map((video) => video.id)).size).toBe(1);
    // One upload is kept, the one the video runs on; the replays' own copies are gone.
    const kept = await inputs();
    expect(kept.uploads).toHaveLength(1);
    expect(kept.tasks[1]?.[0]).toContain(`/files/uploads/${kept.uploads[0]}/`);
    expect(await balance()).toBe(100 - 2 * SERVICE_COST.video);
  }, 60_000);

  it('answers an image edit sent again with its file and key as the first, charged once', async () => {
    const { client, balance, count, inputs } = await openAIFor(10);
    const again = { headers: { 'Idempotency-Key': 'same-edit-1' } };
    const edits = await Promise.all(
      Array.from({ length: 3 }, async () =>
        client.images.edit(
          { image: await toFile(PNG, 'cat.png', { type: 'image/png' }), prompt: 'Give the cat a hat' },
          again,
        ),
      ),
    );
    expect(new Set(edits.map((edit) => edit.data?.[0]?.url)).size).toBe(1);
    expect(await count('tasks')).toBe(1);
    const kept = await inputs();
    expect(kept.uploads).toHaveLength(1);
    expect(kept.tasks[0]?.[0]).toContain(`/files/uploads/${kept.uploads[0]}/`);
    expect(await balance()).toBe(10 - SERVICE_COST.image);
  }, 60_000);
});

describe('a model an admin switches off', () => {
  it('leaves GET /v1/models, and GET /v1/models/{id} answers 404 model_not_found', async () => {
    const admin = await signedInAccount(runtime, 'admin');
    const { client, balance, count } = await openAIFor(50);
    const listed = async () => {
      const ids = [];
      for await (const model of client.models.list()) ids.push(model.id);
      return ids;
    };
    const switched = (enabled: boolean) =>
      admin.call('PATCH', '/api/admin/models/standard', { enabled }).then((answer) => answer.statusCode);
    expect(await switched(false)).toBe(200);
    try {
      expect(await listed()).toEqual(MODELS.map((model) => model.id).filter((id) => id !== 'standard'));
      const missing = await client.models.retrieve('standard').catch((caught: unknown) => caught);
      expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
      expect(missing).toMatchObject({ status: 404, code: 'model_not_found', param: 'model' });
      const video = await client.videos
        .create({ model: 'standard', prompt: 'A drone over hills' })
        .catch((caught: unknown) => caught);
      expect(video).toMatchObject({ status: 404, code: 'model_not_found' });
      expect(await count('tasks')).toBe(0);
      expect(await balance()).toBe(50);
    } finally {
      expect(await switched(true)).toBe(200);
    }
    expect(await listed()).toEqual(MODELS.map((model) => model.id));
    expect(await client.models.retrieve('standard')).toMatchObject({ id: 'standard', object: 'model' });
  }, 60_000);
});
