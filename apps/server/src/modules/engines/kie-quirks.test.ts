import { MODELS } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { errorOf, imageInput, videoInput } from '../../../test/engine-calls.ts';
import { fakeKieForTests, kieEngineOn } from '../../../test/kie-engines.ts';
import { type MediaInput, UpstreamPaced, UpstreamUnavailable } from './engine.ts';
import type { UpstreamPace } from './upstream-pace.ts';

/*
 * The engine against kie.ai's documented quirks (docs/upstreams.md, "kie.ai: common rules"): the
 * record that is null right after a create, 451 and 408 at a poll, 433 and 429.
 */

const kie = fakeKieForTests({ pendingPolls: 0, nullRecordMs: 0 }, 'warn');
const { log } = kie;

const engineFor = (
  extra: { KIE_NSFW_CHECKER?: boolean; KIE_NULL_RECORD_GRACE_S?: number } = {},
  pace?: UpstreamPace,
) =>
  kieEngineOn(
    { KIE_API_KEY: kie.fake.apiKey, KIE_BASE_URL: kie.fake.url, ...extra },
    { log, requestTimeoutMs: 1_000, retryDelaysMs: { rateLimited: 100, accountProblem: 300 }, pace },
  );

describe('kie engine: a record that is not there yet', () => {
  it('is pending while the grace after the create lasts, then the result comes', async () => {
    kie.fake.nullRecordMs = 400;
    const engine = engineFor({ KIE_NULL_RECORD_GRACE_S: 60 });
    for (const input of [imageInput('a null record first'), videoInput('a null record first')]) {
      const startedAt = new Date();
      const { upstreamId } = await engine.startJob(input, { taskId: 't' });
      // kie answers 422 "recordInfo is null" (jobs) / "record is null" (Veo) for this task now.
      expect(await engine.pollJob(input.service, upstreamId, 'kie', startedAt)).toEqual({
        state: 'pending',
        detail: 'no record yet',
      });
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect(await engine.pollJob(input.service, upstreamId, 'kie', startedAt)).toMatchObject({
        state: 'succeeded',
      });
    }
  });

  it('past the grace, a task kie never recorded fails as never started (not billed)', async () => {
    const engine = engineFor({ KIE_NULL_RECORD_GRACE_S: 1 });
    const { upstreamId } = await engine.startJob(imageInput('a ghost task'), { taskId: 't' });
    expect(await engine.pollJob('image', upstreamId, 'kie', new Date())).toMatchObject({ state: 'pending' });
    const longAgo = new Date(Date.now() - 1_500);
    expect(await engine.pollJob('image', upstreamId, 'kie', longAgo)).toEqual({
      state: 'failed',
      reason: 'The generation never started upstream',
      upstreamBilled: false,
    });
  });
});

describe('kie engine: permanent answers end the task at once', () => {
  it('Veo 451 (the image could not be fetched) fails without retrying, not billed', async () => {
    const engine = engineFor();
    const { upstreamId } = await engine.startJob(
      videoInput('unfetchable frame', { imageUrls: ['https://img.example/a.png'] }),
      { taskId: 't' },
    );
    expect(await engine.pollJob('video', upstreamId, 'kie', new Date())).toEqual({
      state: 'failed',
      reason:
        'Failed to fetch the image. Kindly verify any access limits set by you or your service provider.',
      upstreamBilled: false,
    });
  });

  it('408 (no result for over 10 minutes) fails at once; the price stays recorded', async () => {
    const engine = engineFor();
    for (const input of [imageInput('stall forever'), videoInput('stall forever')]) {
      const { upstreamId } = await engine.startJob(input, { taskId: 't' });
      expect(await engine.pollJob(input.service, upstreamId, 'kie', new Date())).toEqual({
        state: 'failed',
        reason: 'The generation timed out upstream',
      });
    }
  });
});

describe('kie engine: account problems and the rate', () => {
  it('433 (a sub-key over its limit) retries later and alerts the operator', async () => {
    kie.fake.failNext('createTask', { code: 433, msg: 'Sub-key usage exceeds limit' });
    const error = await errorOf(engineFor().startJob(imageInput('a cat'), { taskId: 't' }));
    expect(error).toBeInstanceOf(UpstreamUnavailable);
    expect(error).not.toBeInstanceOf(UpstreamPaced);
    expect(error.retryAfterMs).toBe(300);
    expect(kie.logged).toContainEqual(expect.objectContaining({ level: 50, code: 433, upstream: 'kie' }));
  });

  it("kie's 429 is a pace: the task was dropped, not queued, and waits for a slot", async () => {
    const before = kie.fake.created.length;
    kie.fake.failNext('generate', { status: 429, code: 429, msg: 'Rate limit exceeded', retryAfter: '2' });
    const error = await errorOf(engineFor().startJob(videoInput('a wave'), { taskId: 't' }));
    expect(error).toBeInstanceOf(UpstreamPaced);
    expect(error.retryAfterMs).toBe(2_000);
    expect(kie.fake.created).toHaveLength(before);
  });

  it('our own pace refuses before sending anything: no slot, no create', async () => {
    const before = kie.fake.requests.length;
    const closed: UpstreamPace = { take: async () => ({ isAllowed: false, waitMs: 1_234 }) };
    const error = await errorOf(engineFor({}, closed).startJob(imageInput('a cat'), { taskId: 't' }));
    expect(error).toBeInstanceOf(UpstreamPaced);
    expect(error.retryAfterMs).toBe(1_234);
    expect(kie.fake.requests).toHaveLength(before);
  });

  it('nsfw_checker goes only to the models whose schema has it, as KIE_NSFW_CHECKER says; no deprecated field is sent', async () => {
    await engineFor({ KIE_NSFW_CHECKER: false }).startJob(imageInput('a cat', { image_size: 'auto' }), {
      taskId: 't',
    });
    // Nano Banana's schema has no nsfw_checker (the fake refuses unknown fields with 422).
    expect(kie.fake.created.at(-1)?.body).toEqual({
      model: 'google/nano-banana',
      input: { prompt: 'a cat', output_format: 'png', aspect_ratio: 'auto' },
    });
    const withChecker = {
      'seedream-4.5': 'image',
      'seedance-1-pro': 'video',
      'wan-2.6': 'video',
      'hailuo-02-pro': 'video',
    } as const;
    for (const setting of [true, false]) {
      for (const [model, service] of Object.entries(withChecker)) {
        const definition = MODELS.find((candidate) => candidate.id === model);
        const request = definition?.request.parse({ model, prompt: 'a cat' });
        const input = { service, request } as MediaInput;
        await engineFor({ KIE_NSFW_CHECKER: setting }).startJob(input, { taskId: 't' });
        expect(kie.fake.created.at(-1)?.body.input, model).toMatchObject({ nsfw_checker: setting });
      }
    }
    expect(kie.fake.deprecatedUses).toEqual([]);
  });

  it('Kling 2.6 prompts over 1,000 characters are refused before any charge (kie would answer 422)', async () => {
    const model = MODELS.find((candidate) => candidate.id === 'kling-2.6');
    const tooLong = model?.request.safeParse({ model: 'kling-2.6', prompt: 'x'.repeat(1_001) });
    expect(tooLong?.success).toBe(false);
    const fits = model?.request.safeParse({ model: 'kling-2.6', prompt: 'x'.repeat(1_000) });
    expect(fits?.success).toBe(true);
  });
});
