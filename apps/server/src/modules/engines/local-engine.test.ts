import { inflateSync } from 'node:zlib';
import { LinkedinRequest } from '@conduit/contracts';
import jpeg from 'jpeg-js';
import { afterAll, describe, expect, it } from 'vitest';
import { createPaidAccount, ledgerCheck, postWithKey } from '../../../test/paid-account.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';
import type { Engine, JobState, MediaInput } from './engine.ts';
import { createLocalEngine } from './local-engine.ts';

const engine = createLocalEngine({ jobMs: { video: 300, sora: 0 } });
afterAll(() => engine.close?.());

async function runJob(input: MediaInput, using: Engine = engine): Promise<JobState> {
  const { upstreamId } = await using.startJob(input, { taskId: 'task_test' });
  for (;;) {
    const state = await using.pollJob(input.service, upstreamId);
    if (state.state !== 'pending') return state;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function onlyFile(state: JobState) {
  if (state.state !== 'succeeded') throw new Error(`expected success, got ${JSON.stringify(state)}`);
  const [file] = state.files;
  if (file?.kind !== 'bytes') throw new Error('expected bytes');
  return file;
}

/** Decodes a truecolour PNG far enough to check its size and that its data inflates fully. */
function readPng(data: Buffer) {
  expect(data.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const width = data.readUInt32BE(16);
  const height = data.readUInt32BE(20);
  const idat: Buffer[] = [];
  for (let at = 8; at < data.length; ) {
    const length = data.readUInt32BE(at);
    if (data.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(data.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  return { width, height, rawLength: raw.length };
}

/** The MP4 boxes under `path` (e.g. moov/trak/mdia/minf/stbl/stsd). */
function findBox(data: Buffer, path: string[], start = 0, end = data.length): Buffer | undefined {
  for (let at = start; at + 8 <= end; ) {
    const size = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    if (size < 8) return undefined;
    if (type === path[0]) {
      return path.length === 1
        ? data.subarray(at, at + size)
        : findBox(data, path.slice(1), at + 8, at + size);
    }
    at += size;
  }
  return undefined;
}

describe('local engine: images', () => {
  it('draws a valid PNG at the asked aspect ratio, the same pixels for the same request', async () => {
    const input: MediaInput = {
      service: 'image',
      request: { prompt: 'A lighthouse at dusk', output_format: 'png', image_size: '16:9' },
    };
    const first = onlyFile(await runJob(input));
    expect(first.contentType).toBe('image/png');
    const png = readPng(first.data);
    expect(png).toEqual({ width: 1024, height: 576, rawLength: 576 * (1024 * 3 + 1) });
    expect(onlyFile(await runJob(input)).data.equals(first.data)).toBe(true);
    const other = onlyFile(
      await runJob({ ...input, request: { ...input.request, prompt: 'A lighthouse at dawn' } }),
    );
    expect(other.data.equals(first.data)).toBe(false);
  });

  it('draws a JPEG a decoder reads, portrait sizes included', async () => {
    const file = onlyFile(
      await runJob({
        service: 'image',
        request: { prompt: 'A fox', output_format: 'jpeg', image_size: '9:16' },
      }),
    );
    expect(file.extension).toBe('jpg');
    const decoded = jpeg.decode(file.data);
    expect([decoded.width, decoded.height]).toEqual([576, 1024]);
  });

  it('fails the job when the prompt asks for it with [fail]', async () => {
    const state = await runJob({
      service: 'image',
      request: { prompt: 'please [fail]', output_format: 'png', image_size: '1:1' },
    });
    expect(state).toEqual({ state: 'failed', reason: 'The model could not generate this request' });
  });
});

describe('local engine: video and Sora', () => {
  it('keeps a video pending for a while, then answers an H.264 MP4 of 4 seconds', async () => {
    const input: MediaInput = {
      service: 'video',
      request: {
        prompt: 'A drone over hills',
        model: 'fast',
        aspectRatio: '9:16',
        enableFallback: false,
        enableTranslation: true,
      },
    };
    const { upstreamId } = await engine.startJob(input, { taskId: 'task_video' });
    expect((await engine.pollJob('video', upstreamId)).state).toBe('pending');
    // Another process (another engine instance) can finish the job: the id carries all of it.
    const elsewhere = createLocalEngine({ jobMs: { video: 0 } });
    const file = onlyFile(await elsewhere.pollJob('video', upstreamId));
    await elsewhere.close?.();
    expect(file.contentType).toBe('video/mp4');
    expect(file.data.toString('latin1', 4, 8)).toBe('ftyp');
    const avc1 = findBox(file.data, ['moov', 'trak', 'mdia', 'minf', 'stbl', 'stsd']);
    expect(avc1?.toString('latin1').includes('avc1')).toBe(true);
    const mvhd = findBox(file.data, ['moov', 'mvhd']) as Buffer;
    const timescale = mvhd.readUInt32BE(20);
    expect(mvhd.readUInt32BE(24) / timescale).toBe(4);
    const tkhd = findBox(file.data, ['moov', 'trak', 'tkhd']) as Buffer;
    expect([tkhd.readUInt32BE(tkhd.length - 8) >>> 16, tkhd.readUInt32BE(tkhd.length - 4) >>> 16]).toEqual([
      360, 640,
    ]);
  });

  it('answers a video for a Sora link and fails one that asks for it', async () => {
    const ok = onlyFile(
      await runJob({ service: 'sora', request: { video_url: 'https://sora.chatgpt.com/p/s_abc' } }),
    );
    expect(ok.extension).toBe('mp4');
    const failed = await runJob({
      service: 'sora',
      request: { video_url: 'https://sora.chatgpt.com/p/[fail]' },
    });
    expect(failed.state).toBe('failed');
  });

  it('refuses an id it did not make', async () => {
    expect(await engine.pollJob('image', 'up-123')).toEqual({ state: 'failed', reason: 'Unknown job' });
  });
});

describe('local engine: LinkedIn', () => {
  const scrape = (input: Record<string, unknown>) => engine.scrapeLinkedin(LinkedinRequest.parse(input), {});

  it('answers the same profile and posts for the same username, `limit` posts a page', async () => {
    const first = await scrape({ username: 'satyanadella', limit: 5 });
    expect(first.posts).toHaveLength(5);
    expect(first.profile.profileUrl).toBe('https://www.linkedin.com/in/satyanadella/');
    expect(await scrape({ username: 'satyanadella', limit: 5 })).toEqual(first);
    expect((await scrape({ username: 'someone-else', limit: 5 })).profile.name).toBeTypeOf('string');
  });

  it('pages by token and by page number to the same posts, and stops at total_posts', async () => {
    const all = await scrape({ username: 'ada', limit: 6 });
    const firstPage = await scrape({ username: 'ada', limit: 3 });
    const byToken = await scrape({ username: 'ada', limit: 3, pagination_token: firstPage.paginationToken });
    const byPage = await scrape({ username: 'ada', limit: 3, page_number: 2 });
    expect([...firstPage.posts, ...byToken.posts]).toEqual(all.posts);
    expect(byPage.posts).toEqual(byToken.posts);
    const capped = await scrape({ username: 'ada', limit: 10, total_posts: 4 });
    expect(capped.posts).toHaveLength(4);
    expect(capped.paginationToken).toBeNull();
  });

  it('answers "not found" for a username starting with fail-', async () => {
    await expect(scrape({ username: 'fail-nobody' })).rejects.toThrow('Profile not found');
  });
});

describe('local engine through the gateway', () => {
  const gatewayEngine = createLocalEngine({ jobMs: { video: 200 } });
  const runtime = useTestRuntime({}, { engine: gatewayEngine });
  afterAll(async () => {
    await gatewayEngine.close?.();
  });

  it('answers a real PNG from our own storage for a sync image call and charges 1 credit', async () => {
    const account = await createPaidAccount(runtime.services);
    const response = await postWithKey(runtime.app, account.key, '/api/provider/image', {
      prompt: 'A red fox in snow',
      image_size: '4:3',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      data: { status: 'completed', engine: { engine: 'local', isDevelopmentEngine: true } },
    });
    const url = new URL(body.data.resultUrls[0]);
    expect(url.pathname).toMatch(/^\/files\/task_[a-z0-9]{16}\/[a-z0-9]{20}\.png$/);
    const file = await runtime.app.inject({ method: 'GET', url: url.pathname });
    expect(file.headers['content-type']).toBe('image/png');
    expect(readPng(file.rawPayload)).toMatchObject({ width: 1024, height: 768 });
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 19, sum: 19 });
  });

  it('runs an async video from processing to completed, and refunds a [fail] prompt', async () => {
    const account = await createPaidAccount(runtime.services);
    const start = async (prompt: string) =>
      (await postWithKey(runtime.app, account.key, '/api/provider/video', { prompt })).json().data
        .taskId as string;
    const status = async (taskId: string) =>
      (
        await runtime.app.inject({
          method: 'GET',
          url: `/api/provider/video/status/${taskId}`,
          headers: { 'x-api-key': account.key },
        })
      ).json().data;
    const ok = await start('A drone over hills');
    const failing = await start('A drone over hills [fail]');
    expect((await status(ok)).status).toBe('processing');
    await expect
      .poll(async () => (await status(ok)).status, { timeout: 15_000, interval: 200 })
      .toBe('completed');
    await expect
      .poll(async () => (await status(failing)).status, { timeout: 15_000, interval: 200 })
      .toBe('failed');
    const done = await status(ok);
    expect(done.videoUrls[0]).toMatch(/\/files\/task_[a-z0-9]{16}\/[a-z0-9]{20}\.mp4$/);
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 10, sum: 10 });
  });
});
