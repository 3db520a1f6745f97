import { SERVICE_COST } from '@conduit/contracts';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInAccount, signedInAccount } from '../../../test/accounts.ts';
import { openAIAccount } from '../../../test/openai-account.ts';
import { createTestRuntime, listenLocally, type TestRuntime } from '../../../test/test-runtime.ts';

// Our uploads as the input images of image-to-video and edits. PUBLIC_URL names a port where
// nothing listens: an upload URL (built on it) is accepted only if it is never fetched back,
// while any other URL there cannot be fetched and is refused.
const DEAD_PUBLIC_URL = 'http://127.0.0.1:1';
let runtime: TestRuntime;
let baseUrl: string;
let admin: SignedInAccount;
beforeAll(async () => {
  runtime = await createTestRuntime({ PUBLIC_URL: DEAD_PUBLIC_URL });
  baseUrl = await listenLocally(runtime);
  admin = await signedInAccount(runtime, 'admin');
});
afterAll(() => runtime?.close());

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(2040, 7),
]);
const UPLOAD_URL =
  /^http:\/\/127\.0\.0\.1:1\/files\/uploads\/upl_[a-z0-9]+\/[a-z0-9]+\.png\?expires=\d+&signature=/;
const onServer = (url: string) => `${baseUrl}${new URL(url).pathname}${new URL(url).search}`;

const accountWith = async (credits: number) => {
  const { account, client, balance, tasks } = await openAIAccount(runtime, baseUrl, credits);
  const upload = async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'in.png');
    const answer = await fetch(`${baseUrl}/api/provider/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.key}` },
      body: form,
    });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { data: { id: string; url: string } }).data;
  };
  return { account, client, balance, tasks, upload };
};

/** Another price than the video default's, above the margin floor. */
const STANDARD_PRICE = 60;
/** Sets a model's price as an admin does; `null` gives it back its default (however near its cost). */
const priceModel = async (model: string, credits: number | null) => {
  const body = credits === null ? { credits, acceptBelowCost: true } : { credits };
  const answer = await admin.call('PATCH', `/api/admin/models/${model}`, body);
  expect(answer.statusCode, answer.body).toBe(200);
};

describe('image-to-video through /v1/videos', () => {
  it('animates an input_reference file and an input_reference_url, each charged at the model price', async () => {
    await priceModel('standard', STANDARD_PRICE);
    try {
      const { client, balance, tasks, upload } = await accountWith(200);
      const fromFile = await client.videos.create({
        model: 'standard',
        prompt: 'The cat looks up',
        input_reference: await toFile(PNG, 'cat.png', { type: 'image/png' }),
      });
      expect(fromFile).toMatchObject({ object: 'video', model: 'standard' });
      const uploaded = await upload();
      // `input_reference_url` is ours (the library types only a file here), sent in its form as is.
      const params = { model: 'standard', prompt: 'The cat yawns', input_reference_url: uploaded.url };
      const fromUrl = await client.videos.create(params);
      expect(fromUrl).toMatchObject({ object: 'video', model: 'standard' });

      const rows = await tasks();
      expect(rows.map((row) => [row.id, row.service, row.model, row.cost])).toEqual([
        [fromFile.id, 'video', 'standard', STANDARD_PRICE],
        [fromUrl.id, 'video', 'standard', STANDARD_PRICE],
      ]);
      // The file became an upload of this workspace; its URL, signed, is the task's input image.
      const fileInput = (rows[0]?.request.imageUrls as string[] | undefined)?.[0];
      expect(fileInput).toMatch(UPLOAD_URL);
      expect(Buffer.from(await (await fetch(onServer(fileInput as string))).arrayBuffer())).toEqual(PNG);
      expect(rows[1]?.request.imageUrls).toEqual([uploaded.url]);
      expect(await balance()).toBe(200 - 2 * STANDARD_PRICE);
    } finally {
      await priceModel('standard', null);
    }
  }, 60_000);
});

describe('an upload URL as a native input', () => {
  it('is taken in a video call without being fetched back; deleted or expired, it is a 400 naming the field', async () => {
    const { account, balance, tasks, upload } = await accountWith(100);
    const video = (imageUrls: string[]) =>
      runtime.app.inject({
        method: 'POST',
        url: '/api/provider/video',
        headers: { 'x-api-key': account.key },
        payload: { prompt: 'The cat turns', imageUrls },
      });
    const first = await upload();
    const accepted = await video([first.url]);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [row] = await tasks();
    expect(row).toMatchObject({ id: accepted.json().data.taskId, cost: SERVICE_COST.video });
    expect(row?.request.imageUrls).toEqual([first.url]);
    // Any other URL on that host is fetched, and cannot be.
    const foreign = await video([`${DEAD_PUBLIC_URL}/files/task_x/cat.png`]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      field: 'imageUrls.0',
      error: expect.stringMatching(/could not be fetched/),
    });

    const second = await upload();
    const removed = await fetch(`${baseUrl}/api/provider/files/${second.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${account.key}` },
    });
    expect(removed.status).toBe(200);
    const deleted = await video([first.url, second.url]);
    expect(deleted.statusCode).toBe(400);
    expect(deleted.json()).toMatchObject({
      field: 'imageUrls.1',
      error: 'imageUrls.1: the upload has expired or was deleted',
    });
    await runtime.services.pool.query(
      "update uploads set expires_at = now() - interval '1 second' where id = $1",
      [first.id],
    );
    const expired = await video([first.url]);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ field: 'imageUrls.0' });
    expect(await tasks()).toHaveLength(1);
    expect(await balance()).toBe(100 - SERVICE_COST.video);
  }, 60_000);
});

describe('/v1/images/edits with an uploaded file', () => {
  it('edits the image an image_url names (a JSON body, no file), and refuses it once deleted', async () => {
    const { account, client, balance, tasks, upload } = await accountWith(10);
    const uploaded = await upload();
    const edited = await client.post<OpenAI.ImagesResponse>('/images/edits', {
      body: { model: 'nano-banana', prompt: 'Give the cat a hat', image_url: uploaded.url },
    });
    const url = edited.data?.[0]?.url as string;
    expect(url).toMatch(/\/files\/task_/);
    expect(Buffer.from(await (await fetch(onServer(url))).arrayBuffer()).subarray(0, 4)).toEqual(
      PNG.subarray(0, 4),
    );
    const rows = await tasks();
    expect(rows.map((row) => [row.service, row.model, row.cost])).toEqual([
      ['image', 'nano-banana', SERVICE_COST.image],
    ]);
    expect(rows[0]?.request.image_urls).toEqual([uploaded.url]);

    const removed = await fetch(`${baseUrl}/api/provider/files/${uploaded.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${account.key}` },
    });
    expect(removed.status).toBe(200);
    const refused = await client
      .post('/images/edits', { body: { prompt: 'Give the cat a hat', image_url: uploaded.url } })
      .catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect(refused).toMatchObject({ status: 400, param: 'image_urls.0' });
    expect(await tasks()).toHaveLength(1);
    expect(await balance()).toBe(10 - SERVICE_COST.image);
  }, 60_000);
});
