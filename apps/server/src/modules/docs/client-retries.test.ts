import {
  APIConnectionError,
  APITimeoutError,
  AuthenticationError,
  BadRequestError,
  ConduitClient,
  ConflictError,
  InsufficientCreditsError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UpstreamError,
} from '@conduit/client';
import { describe, expect, it } from 'vitest';

// The client's retry, idempotency, timeout and error conventions against a scripted fetch: each
// test scripts the answers of successive attempts and reads what the client sent.
const OK = () => Response.json({ success: true, data: { taskId: 'task_1', status: 'completed' } });
const error =
  (status: number, body: object = {}, headers: Record<string, string> = {}) =>
  () =>
    Response.json(
      { success: false, error: `status ${status}`, requestId: 'req_1', ...body },
      { status, headers },
    );

function scripted(
  answers: ((init?: RequestInit) => Response | Promise<Response>)[],
  options: { maxRetries?: number; timeout?: number } = {},
) {
  const sent: Headers[] = [];
  const client = new ConduitClient({
    apiKey: 'cnd_live_test',
    baseUrl: 'https://api.example.test',
    ...options,
    fetch: async (_input, init) => {
      sent.push(new Headers(init?.headers));
      const next = answers[Math.min(sent.length - 1, answers.length - 1)];
      if (!next) throw new Error('no scripted answer');
      return next(init);
    },
  });
  return { client, sent };
}
const image = { prompt: 'a fox' };

describe('@conduit/client retries', () => {
  it('retries 429 (honouring Retry-After), 408 and 5xx with one Idempotency-Key per paid call', async () => {
    const { client, sent } = scripted([
      error(429, { code: 'RATE_LIMITED' }, { 'retry-after': '0' }),
      error(503),
      OK,
    ]);
    const answer = await client.generateImage(image);
    expect(answer.data.status).toBe('completed');
    expect(sent).toHaveLength(3);
    const keys = new Set(sent.map((headers) => headers.get('idempotency-key')));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.map((headers) => headers.get('x-conduit-retry-count'))).toEqual([null, '1', '2']);

    const again = scripted([error(408), OK]);
    await again.client.generateImage(image);
    await again.client.generateImage(image);
    // Another call is another key; a given key is kept on the call's own retries.
    expect(again.sent[0]?.get('idempotency-key')).toBe(again.sent[1]?.get('idempotency-key'));
    expect(again.sent[2]?.get('idempotency-key')).not.toBe(again.sent[0]?.get('idempotency-key'));
    const free = scripted([OK]);
    await free.client.getImageStatus('task_1');
    expect(free.sent[0]?.get('idempotency-key')).toBeNull();
  });

  it('stops after maxRetries and throws the last error', async () => {
    const { client, sent } = scripted([error(502, { code: 'UPSTREAM_FAILED' }, { 'retry-after': '0' })]);
    const thrown = await client.getAccount().catch((caught: unknown) => caught);
    expect(thrown).toBeInstanceOf(UpstreamError);
    expect(sent).toHaveLength(3);
    const none = scripted([error(503, {}, { 'retry-after': '0' })], { maxRetries: 0 });
    await none.client.getAccount().catch(() => undefined);
    expect(none.sent).toHaveLength(1);
  });

  it('does not retry final answers: 4xx, a reused-key 409, a failed task, or a Retry-After over 60 s', async () => {
    const cases = [
      { answer: error(400, { code: 'VALIDATION_FAILED', field: 'prompt' }), type: BadRequestError },
      { answer: error(409, { code: 'CONFLICT' }), type: ConflictError },
      {
        answer: error(502, { code: 'UPSTREAM_FAILED', taskId: 'task_9', creditsRefunded: 1 }),
        type: UpstreamError,
      },
      { answer: error(429, { code: 'RATE_LIMITED' }, { 'retry-after': '61' }), type: RateLimitError },
    ];
    for (const { answer, type } of cases) {
      const { client, sent } = scripted([answer, OK]);
      const thrown = await client.generateImage(image).catch((caught: unknown) => caught);
      expect(thrown).toBeInstanceOf(type);
      expect(sent).toHaveLength(1);
    }
    const inProgress = scripted([error(409, { code: 'CONFLICT' }, { 'retry-after': '0' }), OK]);
    await inProgress.client.generateImage(image);
    expect(inProgress.sent).toHaveLength(2);
  });

  it('retries lost connections and timeouts, then throws APIConnectionError / APITimeoutError', async () => {
    const lost = () => Promise.reject(new TypeError('fetch failed', { cause: new Error('ECONNRESET') }));
    const flaky = scripted([lost, OK]);
    expect((await flaky.client.getAccount()).success).toBe(true);
    const down = scripted([lost], { maxRetries: 1 });
    const thrown = await down.client.getAccount().catch((caught: unknown) => caught);
    expect(thrown).toBeInstanceOf(APIConnectionError);
    expect((thrown as Error).cause).toBeInstanceOf(TypeError);

    // Like fetch, it answers nothing until its signal aborts.
    const hang = (init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    const slow = new ConduitClient({
      apiKey: 'cnd_live_test',
      timeout: 50,
      maxRetries: 1,
      fetch: (_input, init) => hang(init),
    });
    await expect(slow.getAccount()).rejects.toBeInstanceOf(APITimeoutError);
    await expect(slow.getAccount({ timeout: 10, maxRetries: 0 })).rejects.toThrow(
      'Request timed out after 10 ms',
    );
    // A caller's abort is not retried: it ends the call at once.
    const { client, sent } = scripted([hang]);
    const controller = new AbortController();
    const call = client.getAccount({ signal: controller.signal });
    controller.abort(new Error('stop'));
    await expect(call).rejects.toThrow('stop');
    expect(sent).toHaveLength(1);
  });

  it('raises one class per status with the answer’s fields', async () => {
    const spendLimit = {
      code: 'KEY_SPEND_LIMIT',
      details: { limit: 100, spent: 100, period: 'day', resetsAt: '2026-12-01T00:00:00.000Z' },
    };
    const statuses = [
      [401, AuthenticationError, {}],
      [402, InsufficientCreditsError, spendLimit],
      [403, PermissionDeniedError, { code: 'KEY_SCOPE' }],
      [404, NotFoundError, { code: 'NOT_FOUND' }],
    ] as const;
    for (const [status, type, body] of statuses) {
      const { client } = scripted([error(status, body)]);
      const thrown = await client.getAccount().catch((caught: unknown) => caught);
      expect(thrown).toBeInstanceOf(type);
      expect(thrown).toMatchObject({ status, requestId: 'req_1' });
    }
    const { client } = scripted([error(402, spendLimit)]);
    expect(await client.getAccount().catch((caught: unknown) => caught)).toMatchObject({
      code: 'KEY_SPEND_LIMIT',
      limit: 100,
      spent: 100,
      period: 'day',
      resetsAt: '2026-12-01T00:00:00.000Z',
    });
  });

  it('gives the raw answer, walks pages by cursor, and downloads without the key', async () => {
    const { client, sent } = scripted([
      () =>
        Response.json({ success: true, data: { balance: 3 } }, { headers: { 'x-request-id': 'req_raw' } }),
    ]);
    const raw = await client.getAccount().withResponse();
    expect(raw).toMatchObject({ data: { data: { balance: 3 } }, requestId: 'req_raw' });
    expect(raw.response.status).toBe(200);
    expect(sent[0]?.get('x-api-key')).toBe('cnd_live_test');

    const urls: string[] = [];
    const pages = new ConduitClient({
      apiKey: 'cnd_live_test',
      fetch: async (input) => {
        const url = new URL(String(input));
        urls.push(url.search);
        const cursor = url.searchParams.get('cursor');
        if (!cursor) return Response.json({ data: [1, 2], nextCursor: 'c2' });
        return Response.json(
          cursor === 'c2' ? { data: [3], nextCursor: 'c3' } : { data: [4], nextCursor: null },
        );
      },
    });
    const items: number[] = [];
    for await (const item of pages.paginate<number>('/api/provider/things', { query: { limit: 2 } }))
      items.push(item);
    expect(items).toEqual([1, 2, 3, 4]);
    expect(urls).toEqual(['?limit=2', '?limit=2&cursor=c2', '?limit=2&cursor=c3']);
    expect((await pages.paginate<number>('/api/provider/things')).data).toEqual([1, 2]);

    const files = scripted([() => new Response('bytes', { status: 206 })]);
    const file = await files.client.downloadFile('https://cdn.example.test/files/task_1/a.png', {
      range: 'bytes=0-4',
    });
    expect(await file.text()).toBe('bytes');
    expect(files.sent[0]?.get('x-api-key')).toBeNull();
    expect(files.sent[0]?.get('range')).toBe('bytes=0-4');
  });
});
