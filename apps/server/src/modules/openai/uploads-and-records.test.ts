import { SERVICE_COST } from '@conduit/contracts';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidAccount, ledgerCheck } from '../../../test/paid-account.ts';
import { createTestRuntime, listenLocally, type TestRuntime } from '../../../test/test-runtime.ts';
import { deleteExpiredUploads } from '../files/uploads.ts';

// Uploads against a quota of 1 MB, and /v1 calls in the request log and the webhook events.
let runtime: TestRuntime;
let baseUrl: string;
beforeAll(async () => {
  runtime = await createTestRuntime({ UPLOAD_QUOTA_MB: '1', UPLOAD_TTL_HOURS: '2' });
  baseUrl = await listenLocally(runtime);
});
afterAll(() => runtime?.close());

/** Bytes that start as a PNG does (the type is read from them), `size` long. */
const pngOf = (size: number) => {
  const bytes = Buffer.alloc(size, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
};
const upload = (key: string, bytes: Buffer, name = 'in.png') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/plain' }), name);
  return fetch(`${baseUrl}/api/provider/files`, {
    method: 'POST',
    headers: { 'x-api-key': key },
    body: form,
  });
};
const onServer = (url: string) => `${baseUrl}${new URL(url).pathname}${new URL(url).search}`;

describe('uploads', () => {
  it('holds a workspace to its quota under concurrent uploads, with a clear 413', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 0 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => upload(account.key, pngOf(300 * 1024))),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    // 1 MB holds three files of 300 KB, never four.
    expect(statuses).toEqual([200, 200, 200, 413, 413, 413]);
    const refused = answers.find((answer) => answer.status === 413) as Response;
    expect(((await refused.json()) as { error: string }).error).toMatch(/Upload quota exceeded/);
    const { rows } = await runtime.services.pool.query(
      'select sum(bytes)::int as bytes, count(*)::int as count from uploads where workspace_id = $1',
      [account.workspaceId],
    );
    expect(rows[0]).toEqual({ bytes: 3 * 300 * 1024, count: 3 });
  });

  it('refuses a file over 10 MB and one whose bytes are not an image or video, whatever it is called', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 0 });
    expect((await upload(account.key, pngOf(10 * 1024 * 1024 + 1))).status).toBe(413);
    const text = await upload(account.key, Buffer.from('GIF89a not ours'), 'cat.png');
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', field: 'file' });
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]);
    const video = await upload(account.key, mp4, 'clip.bin');
    expect(await video.json()).toMatchObject({ data: { contentType: 'video/mp4', bytes: mp4.length } });
  });

  it('works in a native image_urls, expires after UPLOAD_TTL_HOURS, and is refused there once gone', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 5 });
    const answer = (await (await upload(account.key, pngOf(2048))).json()) as {
      data: { id: string; url: string; expiresAt: string };
    };
    expect(new Date(answer.data.expiresAt).getTime() - Date.now()).toBeGreaterThan(2 * 3_600_000 - 60_000);
    const call = (body: object) =>
      runtime.app.inject({
        method: 'POST',
        url: '/api/provider/image',
        headers: { 'x-api-key': account.key },
        payload: body,
      });
    const edited = await call({ prompt: 'Add a hat', image_urls: [answer.data.url] });
    expect(edited.json()).toMatchObject({ data: { status: 'completed' } });
    expect((await fetch(onServer(answer.data.url))).status).toBe(200);
    // Past its expiry the URL is dead and a call naming it is refused before any charge.
    await runtime.services.pool.query(
      "update uploads set expires_at = now() - interval '1 second' where id = $1",
      [answer.data.id],
    );
    const later = await call({ prompt: 'Add a hat', image_urls: [answer.data.url] });
    expect(later.statusCode).toBe(400);
    expect(later.json()).toMatchObject({ field: 'image_urls.0' });
    expect((await ledgerCheck(runtime.services, account.userId)).balance).toBe(5 - SERVICE_COST.image);
    // The hourly expiry job deletes its bytes.
    const key = new URL(answer.data.url).pathname.replace('/files/uploads/', '');
    expect(await runtime.services.storage.stat(key)).toBeDefined();
    expect(await deleteExpiredUploads(runtime.services)).toBeGreaterThanOrEqual(1);
    expect(await runtime.services.storage.stat(key)).toBeUndefined();
  });
});

describe('a /v1 call is a call like any other', () => {
  it('is in the request log under its key and service, and sends task events', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 5 });
    const client = new OpenAI({ apiKey: account.key, baseURL: `${baseUrl}/v1`, maxRetries: 0 });
    await client.images.generate({ prompt: 'A kite', n: 2 });
    await client.images.generate({ model: 'no-such', prompt: 'A kite' }).catch(() => undefined);
    await runtime.app.requestLog?.flush();
    const log = await runtime.services.pool.query(
      'select endpoint, service, status, error_code, task_id from request_log where workspace_id = $1 order by at',
      [account.workspaceId],
    );
    expect(log.rows.map((row) => [row.endpoint, row.service, row.status, row.error_code])).toEqual([
      ['/v1/images/generations', 'image', 200, null],
      ['/v1/images/generations', 'image', 404, 'NOT_FOUND'],
    ]);
    expect(log.rows[0]?.task_id).toMatch(/^task_/);
    const events = await runtime.services.pool.query(
      'select type from webhook_events where workspace_id = $1 order by type',
      [account.workspaceId],
    );
    expect(events.rows.map((row) => row.type)).toEqual([
      'task.completed',
      'task.completed',
      'task.started',
      'task.started',
    ]);
  });
});

describe('bad input to /v1', () => {
  it("answers 4xx in OpenAI's envelope, never a 500, and charges nothing", async () => {
    const account = await createPaidAccount(runtime.services, { credits: 5 });
    const other = await createPaidAccount(runtime.services, { credits: 5 });
    const theirs = (
      await runtime.app.inject({
        method: 'POST',
        url: '/v1/videos',
        headers: { authorization: `Bearer ${other.key}` },
        payload: { prompt: 'Their video' },
      })
    ).json() as { id: string };
    const auth = { authorization: `Bearer ${account.key}` };
    const cases: {
      method: 'GET' | 'POST';
      url: string;
      payload?: string | object;
      headers?: Record<string, string>;
      status: number;
    }[] = [
      {
        method: 'POST',
        url: '/v1/images/generations',
        payload: '{not json',
        headers: { 'content-type': 'application/json' },
        status: 400,
      },
      { method: 'POST', url: '/v1/images/generations', payload: { prompt: '' }, status: 400 },
      { method: 'POST', url: '/v1/images/generations', payload: { prompt: 'x', n: 11 }, status: 400 },
      {
        method: 'POST',
        url: '/v1/images/generations',
        payload: { prompt: 'x', size: '999x999' },
        status: 400,
      },
      { method: 'POST', url: '/v1/images/generations', payload: { prompt: 'x', model: 'fast' }, status: 404 },
      { method: 'POST', url: '/v1/images/edits', payload: { prompt: 'x' }, status: 400 },
      {
        method: 'POST',
        url: '/v1/images/edits',
        payload:
          '--b\r\nContent-Disposition: form-data; name="other"; filename="a.png"\r\n\r\nxx\r\n--b--\r\n',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        status: 400,
      },
      { method: 'POST', url: '/v1/videos', payload: { prompt: 'x', size: '1x1' }, status: 400 },
      { method: 'POST', url: '/v1/videos', payload: { prompt: 'x', seconds: 'ten' }, status: 400 },
      { method: 'GET', url: `/v1/videos/${theirs.id}`, status: 404 },
      { method: 'GET', url: `/v1/videos/${theirs.id}/content`, status: 404 },
      { method: 'GET', url: '/v1/videos?after=task_nope', status: 404 },
      { method: 'GET', url: '/v1/no-such-thing', status: 404 },
    ];
    for (const { method, url, payload, headers, status } of cases) {
      const answer = await runtime.app.inject({
        method,
        url,
        headers: { ...auth, ...headers },
        ...(payload !== undefined && { payload }),
      });
      expect(answer.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${answer.body}`).toBe(status);
      expect(answer.json().error, url).toMatchObject({
        message: expect.any(String),
        type: expect.any(String),
      });
    }
    expect((await ledgerCheck(runtime.services, account.userId)).balance).toBe(5);
    const { rows } = await runtime.services.pool.query(
      'select count(*)::int as count from tasks where workspace_id = $1',
      [account.workspaceId],
    );
    expect(rows[0]?.count).toBe(0);
  });
});
