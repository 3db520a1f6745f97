import {
  ConduitApiError,
  ConduitClient,
  ConflictError,
  type ImageInput,
  type VideoInput,
} from '@conduit/client';
import { MODELS, SERVICE_COST, variantsOfModel } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { createPaidAccount, ledgerCheck } from '../../../test/paid-account.ts';
import { listeningRuntime } from '../../../test/runtime-with-inbox.ts';

// The client over real HTTP against the local engine, as a developer would use it.
const server = listeningRuntime();

const clientFor = async (credits: number) => {
  const account = await createPaidAccount(server.runtime.services, { credits });
  const balance = async () => (await ledgerCheck(server.runtime.services, account.userId)).balance;
  return { account, balance, client: new ConduitClient({ apiKey: account.key, baseUrl: server.baseUrl }) };
};

describe('@conduit/client on a running server', () => {
  it('generates an image, creates a video and waits for it, reads the account', async () => {
    const { client, balance } = await clientFor(50);
    const image = await client.generateImage({ prompt: 'A lighthouse at dusk', image_size: '16:9' });
    expect(image).toMatchObject({
      success: true,
      data: { status: 'completed', creditsUsed: SERVICE_COST.image },
    });
    expect(image.data.resultUrls?.length).toBe(1);

    const video = await client.createVideo({ prompt: 'A drone over hills' });
    expect(video.data.status).toBe('processing');
    const settled = await client.waitForTask(video.data.taskId, 'video', {
      intervalMs: 250,
      timeoutMs: 60_000,
    });
    expect(settled.data).toMatchObject({ taskId: video.data.taskId, status: 'completed' });
    expect(settled.data.videoUrls?.[0]).toMatch(/\.mp4$/);

    const account = await client.getAccount();
    expect(account.data.balance).toBe(50 - SERVICE_COST.image - SERVICE_COST.video);
    expect(await balance()).toBe(account.data.balance);
  }, 90_000);

  it("sends each model's own body, charged the model's price, and lists the models", async () => {
    const { client, balance } = await clientFor(30);
    const storedRequest = async (taskId: string) =>
      (await server.runtime.services.pool.query('select request from tasks where id = $1', [taskId])).rows[0]
        ?.request;

    const image = await client.generateImage({ model: 'seedream-4.5', prompt: 'A fox', quality: 'high' });
    expect(image.data).toMatchObject({ status: 'completed', creditsUsed: 2 });
    expect(await storedRequest(image.data.taskId)).toMatchObject({ model: 'seedream-4.5', quality: 'high' });
    const video = await client.createVideo({
      model: 'kling-2.6',
      prompt: 'Waves',
      duration: 10,
      sound: true,
    });
    // Kling's 10 s with sound is priced as its own variant (kie bills it apart).
    const klingCredits = variantsOfModel('kling-2.6').find(
      (row) => row.variant === '10s-sound',
    )?.defaultCredits;
    expect(video.data.creditsUsed).toBe(klingCredits);
    expect(await storedRequest(video.data.taskId)).toMatchObject({
      model: 'kling-2.6',
      duration: 10,
      sound: true,
    });
    expect(await balance()).toBe(30 - 2 - (klingCredits ?? 0));

    // A field the model does not take is a type error here, and a 400 naming it if sent anyway.
    // @ts-expect-error quality is seedream's and gpt-image's, not nano-banana's
    const wrongField: ImageInput = { prompt: 'A fox', quality: 'high' };
    const refused = await client.generateImage(wrongField).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect((refused as Error).message).toContain('quality');
    // @ts-expect-error kling-2.6 lasts 5 or 10 seconds
    const wrongValue: VideoInput = { model: 'kling-2.6', prompt: 'x', duration: 15 };
    const tooLong = await client.createVideo(wrongValue).catch((error: unknown) => error);
    expect(tooLong).toMatchObject({ status: 400, field: 'duration' });
    expect(await balance()).toBe(30 - 2 - (klingCredits ?? 0));

    const models = await client.listModels();
    expect(models.data.map((model) => model.id)).toEqual(MODELS.map((model) => model.id));
    expect(models.data.find((model) => model.id === 'seedream-4.5')).toMatchObject({
      service: 'image',
      credits: 2,
      isDefault: false,
      requestSchema: { properties: { quality: { enum: ['basic', 'high'] } } },
    });
  });

  it('replays an idempotent call without a second charge', async () => {
    const { client, balance } = await clientFor(10);
    const body = { username: 'satyanadella', limit: 2 };
    const first = await client.scrapeLinkedin(body, { idempotencyKey: 'journey-1' });
    const again = await client.scrapeLinkedin(body, { idempotencyKey: 'journey-1' });
    expect(again.data.taskId).toBe(first.data.taskId);
    expect(first.data.posts).toHaveLength(2);
    expect(await balance()).toBe(10 - SERVICE_COST.linkedin);
    const conflict = await client
      .scrapeLinkedin({ ...body, limit: 3 }, { idempotencyKey: 'journey-1' })
      .catch((error: unknown) => error);
    expect(conflict).toMatchObject({ status: 409, code: 'CONFLICT' });
  });

  it('throws ConduitApiError with the fields of 402, 400 and 401 answers', async () => {
    const { client, balance } = await clientFor(3);
    const poor = await client.createVideo({ prompt: 'too dear' }).catch((error: unknown) => error);
    expect(poor).toBeInstanceOf(ConduitApiError);
    expect(poor).toMatchObject({ status: 402, code: 'INSUFFICIENT_CREDITS', required: 10, available: 3 });
    expect((poor as ConduitApiError).requestId).toMatch(/^req_/);

    const invalid = await client
      .generateImage({ prompt: 'x', image_size: '7:7' as '1:1' })
      .catch((error: unknown) => error);
    expect(invalid).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field: 'image_size' });
    expect(await balance()).toBe(3);

    const stranger = new ConduitClient({ apiKey: 'cnd_live_nope', baseUrl: server.baseUrl });
    expect(await stranger.getAccount().catch((error: unknown) => error)).toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
  });

  it('retries a paid call whose answer was lost with the same Idempotency-Key: charged once per call', async () => {
    const { account, balance } = await clientFor(10);
    const answered = new Set<string>();
    // The server does the work and answers; the first answer of each call is lost on the way back.
    const losingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const key = new Headers(init?.headers).get('idempotency-key') ?? '';
      if (answered.has(key)) return response;
      answered.add(key);
      await response.text();
      throw new TypeError('fetch failed', { cause: new Error('ECONNRESET') });
    };
    const client = new ConduitClient({ apiKey: account.key, baseUrl: server.baseUrl, fetch: losingFetch });
    const calls = await Promise.all(
      Array.from({ length: 4 }, (_, n) => client.generateImage({ prompt: `a lost fox ${n}` })),
    );
    expect(answered.size).toBe(4);
    expect(new Set(calls.map((call) => call.data.taskId)).size).toBe(4);
    expect(calls.every((call) => call.data.status === 'completed')).toBe(true);
    expect(await balance()).toBe(10 - 4 * SERVICE_COST.image);
  });
  it('sends metadata, filters the task list and request log by it, and sums spend with getUsage', async () => {
    const { client } = await clientFor(20);
    const acme = await client.generateImage({ prompt: 'a fox', metadata: { customer: 'acme', plan: 'pro' } });
    expect(acme.data.metadata).toEqual({ customer: 'acme', plan: 'pro' });
    const globex = await client.removeSoraWatermark({
      video_url: 'https://sora.chatgpt.com/p/s_1',
      metadata: { customer: 'globex' },
    });
    expect(globex.data.metadata).toEqual({ customer: 'globex' });
    const listed = await client.listTasks({ metadata: { customer: 'acme', plan: 'pro' } });
    expect(listed.data.map((task) => task.taskId)).toEqual([acme.data.taskId]);
    const usage = await client.getUsage({ groupBy: 'metadata.customer', service: 'image' });
    expect(usage.data).toEqual([{ value: 'acme', calls: 1, credits: acme.data.creditsUsed }]);
    await server.runtime.app.requestLog?.flush();
    const logged = await client.listRequests({ metadata: { customer: 'globex' } });
    expect(logged.data.map((entry) => entry.taskId)).toEqual([globex.data.taskId]);
  });

  it('lists, reads, prices and cancels tasks, and pages the task list, request log and events with for await', async () => {
    const { account, client, balance } = await clientFor(30);
    const images: string[] = [];
    for (const prompt of ['one', 'two', 'three'])
      images.push((await client.generateImage({ prompt: `a listed fox ${prompt}` })).data.taskId);

    // Awaited, a list is one page; iterated, every item of every page, newest first.
    const page = await client.listTasks({ service: 'image', limit: 2 });
    expect(page.data.map((task) => task.taskId)).toEqual([images[2], images[1]]);
    expect(page.nextCursor).toEqual(expect.any(String));
    const all: string[] = [];
    for await (const task of client.listTasks({ service: 'image', limit: 2 })) all.push(task.taskId);
    expect(all).toEqual([...images].reverse());
    const raw = await client.listTasks({ limit: 1 }).withResponse();
    expect(raw.response.status).toBe(200);

    expect((await client.getTask(images[0] as string)).data).toMatchObject({
      taskId: images[0],
      status: 'completed',
    });
    const quote = await client.quotePrice({ service: 'video', body: { prompt: 'priced' } });
    expect(quote.data).toMatchObject({
      credits: SERVICE_COST.video,
      quoteId: expect.stringMatching(/^quo_/),
    });
    expect(await balance()).toBe(30 - 3 * SERVICE_COST.image);

    const video = await client.createVideo({ prompt: 'a video to cancel' });
    const canceled = await client.cancelTask(video.data.taskId);
    expect(canceled.data.taskId).toBe(video.data.taskId);
    expect(canceled.data.outcome).toMatch(/^(canceled|cancel_requested)$/);
    const settled = await client.cancelTask(images[0] as string).catch((error: unknown) => error);
    expect(settled).toBeInstanceOf(ConflictError);
    expect(settled).toMatchObject({ status: 409 });
    const ledger = await ledgerCheck(server.runtime.services, account.workspaceId);
    expect(ledger.balance).toBe(ledger.sum);

    await server.runtime.app.requestLog?.flush();
    const requests: string[] = [];
    for await (const entry of client.listRequests({ limit: 2 })) requests.push(entry.requestId);
    // The three images, the video and the two cancels at least, each once.
    expect(requests.length).toBeGreaterThanOrEqual(6);
    expect(new Set(requests).size).toBe(requests.length);

    const sent = [await client.sendTestEvent(), await client.sendTestEvent('balance.low')];
    const events: string[] = [];
    for await (const event of client.listEvents({ limit: 1 })) events.push(event.id);
    expect(events).toEqual(expect.arrayContaining(sent.map((event) => event.eventId)));
    expect((await client.getWebhookSecret()).secret).toMatch(/^whsec_/);
  }, 60_000);
});
