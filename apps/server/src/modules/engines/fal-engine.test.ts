import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorOf, imageInput, pollStates, videoInput } from '../../../test/engine-calls.ts';
import { type FakeFal, startFakeFal } from '../../../test/fake-fal.ts';
import { type MediaInput, UpstreamRejected, UpstreamUnavailable } from './engine.ts';
import { createFalEngine, type FalEngine } from './fal-engine.ts';

let fake: FakeFal;
let engine: FalEngine;

const settle = (service: MediaInput['service'], upstreamId: string) =>
  pollStates(engine, service, upstreamId);

/** An image job for `prompt`, polled until it settles: the state it settled in. */
async function settledImage(prompt: string) {
  const { upstreamId } = await engine.startJob(imageInput(prompt), { taskId: 't' });
  return (await settle('image', upstreamId)).at(-1);
}

beforeAll(async () => {
  fake = await startFakeFal();
  engine = createFalEngine({ FAL_KEY: fake.key, FAL_BASE_URL: fake.url }, { requestTimeoutMs: 500 });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.pendingPolls = 2;
});

describe('fal engine: the queue API contract', () => {
  it('image: submits nano-banana with our key, is queued, in progress, then answers the image URL', async () => {
    const { upstreamId } = await engine.startJob(imageInput('a red kite', { image_size: '16:9' }), {
      taskId: 'task_1',
    });
    const submitted = fake.submitted.at(-1);
    expect(submitted).toMatchObject({
      model: 'fal-ai/nano-banana',
      body: { prompt: 'a red kite', num_images: 1, output_format: 'png', aspect_ratio: '16:9' },
    });
    expect(upstreamId).toBe(`${fake.url}/fal-ai/nano-banana/requests/${submitted?.requestId}`);
    expect(fake.requests.at(-1)?.authorization).toBe(`Key ${fake.key}`);
    const states = await settle('image', upstreamId);
    expect(states.map((s) => s.state)).toEqual(['pending', 'pending', 'succeeded']);
    expect(states[0]).toEqual({ state: 'pending', detail: 'IN_QUEUE' });
    expect(states[2]).toEqual({
      state: 'succeeded',
      files: [{ kind: 'url', url: expect.stringMatching(/\/result\.png$/), contentType: 'image/png' }],
    });
  });

  it('image with image_urls goes to the edit model; video picks fast or standard, image-to-video with an image', async () => {
    await engine.startJob(imageInput('bluer', { image_urls: ['https://example.com/a.png'] }), {
      taskId: 't',
    });
    expect(fake.submitted.at(-1)).toMatchObject({
      model: 'fal-ai/nano-banana/edit',
      body: { image_urls: ['https://example.com/a.png'] },
    });
    await engine.startJob(
      videoInput('waves', { model: 'standard', seeds: 12345, aspectRatio: '9:16', enableTranslation: false }),
      {
        taskId: 't',
      },
    );
    expect(fake.submitted.at(-1)).toMatchObject({
      model: 'fal-ai/veo3.1',
      body: { prompt: 'waves', aspect_ratio: '9:16', seed: 12345 },
    });
    const { upstreamId } = await engine.startJob(
      videoInput('animate', {
        imageUrls: ['https://example.com/b.png'],
        aspectRatio: 'Auto',
        enableTranslation: false,
      }),
      { taskId: 't' },
    );
    expect(fake.submitted.at(-1)?.model).toBe('fal-ai/veo3.1/fast/image-to-video');
    expect(fake.submitted.at(-1)?.body).toEqual({
      prompt: 'animate',
      image_url: 'https://example.com/b.png',
    });
    const states = await settle('video', upstreamId);
    expect(states.at(-1)).toMatchObject({ state: 'succeeded', files: [{ contentType: 'video/mp4' }] });
  });

  it('a request that completes with an error fails, without the upstream id in the reason', async () => {
    // COMPLETED in the status; the model's 500 only at the result GET (fal does not bill a 5xx).
    expect(await settledImage('please fail')).toEqual({
      state: 'failed',
      reason: 'Generation failed for request',
      upstreamBilled: false,
    });
    expect(fake.requests.filter((r) => r.endpoint === 'result')).not.toHaveLength(0);
  });

  it('422 at submit is a rejection with the cleaned reason; Sora is not a fal service', async () => {
    const rejected = await errorOf(engine.startJob(imageInput('reject me'), { taskId: 't' }));
    expect(rejected).toBeInstanceOf(UpstreamRejected);
    expect(rejected.message).toBe('The prompt was flagged');
    const sora = await errorOf(
      engine.startJob(
        { service: 'sora', request: { video_url: 'https://sora.chatgpt.com/p/s_1' } },
        { taskId: 't' },
      ),
    );
    expect(sora).toBeInstanceOf(UpstreamRejected);
  });

  it('429, 5xx, 401, slow and unreachable are retry-later (UpstreamUnavailable)', async () => {
    fake.failNext('submit', { status: 429, detail: 'Too many requests', retryAfter: '3' });
    const limited = await errorOf(engine.startJob(imageInput('busy'), { taskId: 't' }));
    expect(limited).toBeInstanceOf(UpstreamUnavailable);
    expect(limited.retryAfterMs).toBe(3_000);
    fake.failNext('submit', { status: 503, detail: 'Service Unavailable' });
    expect(await errorOf(engine.startJob(imageInput('down'), { taskId: 't' }))).toBeInstanceOf(
      UpstreamUnavailable,
    );
    const wrongKey = createFalEngine({ FAL_KEY: 'wrong', FAL_BASE_URL: fake.url });
    const refused = await errorOf(wrongKey.startJob(imageInput('mine'), { taskId: 't' }));
    expect(refused).toBeInstanceOf(UpstreamUnavailable);
    expect(refused.retryAfterMs).toBe(60_000);
    fake.slowMs = 1_500;
    const slow = await errorOf(engine.startJob(imageInput('slow one'), { taskId: 't' }));
    expect(slow.message).toBe('fal.ai submit timed out');
    const nowhere = createFalEngine({ FAL_KEY: 'k', FAL_BASE_URL: 'http://127.0.0.1:9' });
    expect((await errorOf(nowhere.startJob(imageInput('x'), { taskId: 't' }))).message).toBe(
      'fal.ai submit unreachable',
    );
  });

  it('a status poll that fails is retry-later; an upstream id off the queue host is never fetched with our key', async () => {
    const { upstreamId } = await engine.startJob(imageInput('patience'), { taskId: 't' });
    fake.failNext('status', { status: 502, detail: 'Bad Gateway' });
    expect(await errorOf(engine.pollJob('image', upstreamId))).toBeInstanceOf(UpstreamUnavailable);
    expect((await settle('image', upstreamId)).at(-1)?.state).toBe('succeeded');
    const before = fake.requests.length;
    expect(await engine.pollJob('image', 'https://evil.example/requests/1')).toEqual({
      state: 'failed',
      reason: 'Unknown job',
    });
    expect(fake.requests.length).toBe(before);
  });
});

describe('fal engine: what the documents say about results and inputs', () => {
  it('a refusal answered at the result GET fails the task; COMPLETED alone says nothing', async () => {
    expect(await settledImage('refuse the output')).toEqual({
      state: 'failed',
      reason: 'The output was flagged by the content checker',
    });
  });

  it('a result past its retention is gone: the task fails, the price stays (fal ran it)', async () => {
    fake.pendingPolls = 0;
    fake.resultTtlMs = 50;
    try {
      const { upstreamId } = await engine.startJob(imageInput('a late look'), { taskId: 't' });
      // The status is read first (COMPLETED); the result is fetched in the same poll, so in time.
      expect(await engine.pollJob('image', upstreamId)).toMatchObject({ state: 'succeeded' });
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(await engine.pollJob('image', upstreamId)).toEqual({
        state: 'failed',
        reason: 'The result was no longer available upstream',
      });
    } finally {
      fake.resultTtlMs = 3_600_000;
    }
  });

  it('a gateway error or 429 at the result is looked at again within a second', async () => {
    fake.pendingPolls = 0;
    const { upstreamId } = await engine.startJob(imageInput('a kite'), { taskId: 't' });
    fake.failNext('result', { status: 429 });
    const error = await errorOf(engine.pollJob('image', upstreamId));
    expect(error).toBeInstanceOf(UpstreamUnavailable);
    expect(error.retryAfterMs).toBe(1_000);
    expect(await engine.pollJob('image', upstreamId)).toMatchObject({ state: 'succeeded' });
  });

  it('fields fal cannot honour are never sent: auto text-to-image, watermark, translation, last frame', async () => {
    const before = fake.submitted.length;
    for (const input of [
      imageInput('a kite', { image_size: 'auto' }),
      videoInput('a wave', { enableTranslation: false, watermark: 'Acme' }),
      videoInput('a wave'),
      videoInput('a wave', {
        enableTranslation: false,
        imageUrls: ['https://img.example/first.png', 'https://img.example/last.png'],
      }),
    ]) {
      expect(await errorOf(engine.startJob(input, { taskId: 't' }))).toBeInstanceOf(UpstreamRejected);
    }
    expect(fake.submitted).toHaveLength(before);
    // `auto` with reference images is the edit model's, which takes it.
    await engine.startJob(
      imageInput('bluer', { image_size: 'auto', image_urls: ['https://img.example/a.png'] }),
      {
        taskId: 't',
      },
    );
    expect(fake.submitted.at(-1)).toMatchObject({
      model: 'fal-ai/nano-banana/edit',
      body: { aspect_ratio: 'auto' },
    });
  });
});
