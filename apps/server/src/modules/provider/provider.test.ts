import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createPaidAccount, ledgerCheck, type PaidAccount } from '../../../test/paid-account.ts';
import { useScriptedRuntime } from '../../../test/test-runtime.ts';

const { engine, runtime } = useScriptedRuntime();

const call = (
  method: 'GET' | 'POST',
  url: string,
  key?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  runtime.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { ...(key && { 'x-api-key': key }), ...headers },
  });
const balanceOf = async (account: PaidAccount) =>
  (await ledgerCheck(runtime.services, account.userId)).balance;
/** The answer fields these tests read; each test asserts the values it expects. */
interface Answer {
  success: boolean;
  data: {
    taskId: string;
    status: string;
    statusUrl: string;
    resultUrls: [string];
    videoUrls: string[];
    profile: unknown;
    posts: [{ stats: unknown }];
    pagination_token: string;
  };
}
const json = (response: LightMyRequestResponse) => response.json() as Answer;

/** The watermark remover, answering at once or (on /sync) when the task settles: one body, one price. */
const soraEndpoint = (url: string, videoId: string, badVideoUrl: string) =>
  ({
    service: 'sora',
    url,
    body: { video_url: `https://sora.chatgpt.com/p/${videoId}` },
    bad: { video_url: badVideoUrl },
    badField: 'video_url',
    cost: 1,
  }) as const;

const ENDPOINTS = [
  {
    service: 'image',
    url: '/api/provider/image',
    body: { prompt: 'a red fox' },
    bad: { prompt: 'x', image_size: '7:7' },
    badField: 'image_size',
    cost: 1,
  },
  {
    service: 'video',
    url: '/api/provider/video',
    body: { prompt: 'a fox running' },
    bad: { prompt: 'x', seeds: 5 },
    badField: 'seeds',
    cost: 10,
  },
  soraEndpoint('/api/provider/sora-watermark-remover', 's_1', 'https://example.com/v.mp4'),
  soraEndpoint('/api/provider/sora-watermark-remover/sync', 's_2', ''),
  {
    service: 'linkedin',
    url: '/api/provider/linkedin',
    body: { username: 'satyanadella' },
    bad: { username: 'someone', limit: 101 },
    badField: 'limit',
    cost: 2,
  },
] as const;

describe.each(ENDPOINTS)('security suite: POST $url', (endpoint) => {
  it('401 without a key, with a malformed key and with a deleted key; nothing charged', async () => {
    const account = await createPaidAccount(runtime.services);
    expect((await call('POST', endpoint.url, undefined, endpoint.body)).statusCode).toBe(401);
    const malformed = await call('POST', endpoint.url, 'cnd_live_nope', endpoint.body);
    expect(malformed.statusCode).toBe(401);
    expect(json(malformed)).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    await runtime.services.pool.query('update api_keys set deleted_at = now() where id = $1', [
      account.keyId,
    ]);
    expect((await call('POST', endpoint.url, account.key, endpoint.body)).statusCode).toBe(401);
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 20, sum: 20 });
  });

  it('403 KEY_SCOPE without the permission; nothing charged', async () => {
    const account = await createPaidAccount(runtime.services);
    await runtime.services.pool.query("update api_keys set permissions = '{}' where id = $1", [
      account.keyId,
    ]);
    const response = await call('POST', endpoint.url, account.key, endpoint.body);
    expect(response.statusCode).toBe(403);
    expect(json(response)).toMatchObject({ success: false, code: 'KEY_SCOPE' });
    expect(await balanceOf(account)).toBe(20);
  });

  it('402 with required and available when the balance is short; nothing charged', async () => {
    const account = await createPaidAccount(runtime.services, { credits: endpoint.cost - 1 || 0 });
    const response = await call('POST', endpoint.url, account.key, endpoint.body);
    expect(response.statusCode).toBe(402);
    expect(json(response)).toMatchObject({
      success: false,
      code: 'INSUFFICIENT_CREDITS',
      required: endpoint.cost,
      available: endpoint.cost - 1,
    });
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({
      balance: endpoint.cost - 1,
      sum: endpoint.cost - 1,
    });
  });

  it('400 naming the field for a bad body; nothing charged', async () => {
    const account = await createPaidAccount(runtime.services);
    const response = await call('POST', endpoint.url, account.key, endpoint.bad);
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      field: endpoint.badField,
    });
    expect(await balanceOf(account)).toBe(20);
    const unknownField = await call('POST', endpoint.url, account.key, { ...endpoint.body, surprise: 1 });
    expect(unknownField.statusCode).toBe(400);
    expect(await balanceOf(account)).toBe(20);
  });

  it(`charges ${endpoint.cost} credits and answers a task`, async () => {
    const account = await createPaidAccount(runtime.services);
    const response = await call('POST', endpoint.url, account.key, endpoint.body);
    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      creditsUsed: endpoint.cost,
      engine: { engine: 'local', isDevelopmentEngine: true },
    });
    expect(body.data.taskId).toMatch(/^task_/);
    expect(response.headers['ratelimit-policy']).toBe('60;w=60, 1000;w=3600, 10000;w=86400');
    expect(response.headers.ratelimit).toMatch(/^limit=60, remaining=59, reset=\d+$/);
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({
      balance: 20 - endpoint.cost,
      sum: 20 - endpoint.cost,
    });
  });
});

describe('sync image', () => {
  it('stores the result on our own storage and serves it', async () => {
    const account = await createPaidAccount(runtime.services);
    const response = await call('POST', '/api/provider/image', account.key, { prompt: 'a lighthouse' });
    const { data } = json(response);
    expect(data.status).toBe('completed');
    expect(data.resultUrls).toHaveLength(1);
    const url = new URL(data.resultUrls[0]);
    expect(url.pathname).toMatch(/^\/files\/task_[a-z0-9]{16}\/[a-z0-9]{20}\.png$/);
    const file = await runtime.app.inject({ method: 'GET', url: url.pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('refunds a failed generation exactly once and says so', async () => {
    const account = await createPaidAccount(runtime.services);
    const response = await call('POST', '/api/provider/image', account.key, { prompt: 'please fail' });
    expect(response.statusCode).toBe(502);
    expect(json(response)).toMatchObject({ success: false, code: 'UPSTREAM_FAILED', creditsRefunded: 1 });
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 20, sum: 20 });
    const { rows } = await runtime.services.pool.query(
      "select reason, delta from credit_entries where workspace_id = $1 and reason <> 'adjustment' order by created_at",
      [account.userId],
    );
    expect(rows).toEqual([
      { reason: 'usage', delta: -1 },
      { reason: 'refund', delta: 1 },
    ]);
  });
});

describe('async video', () => {
  it('answers before any upstream work, then the worker completes it; status shows only the owner', async () => {
    const account = await createPaidAccount(runtime.services);
    const created = json(
      await call('POST', '/api/provider/video', account.key, { prompt: 'waves', model: 'fast' }),
    );
    expect(created.data).toMatchObject({ status: 'processing', creditsUsed: 10 });
    const statusUrl = created.data.statusUrl as string;
    expect(statusUrl).toBe(`/api/provider/video/status/${created.data.taskId}`);
    await expect
      .poll(async () => json(await call('GET', statusUrl, account.key)).data.status, { timeout: 10_000 })
      .toBe('completed');
    const done = json(await call('GET', statusUrl, account.key)).data;
    expect(done.videoUrls).toHaveLength(1);
    const stranger = await createPaidAccount(runtime.services);
    expect((await call('GET', statusUrl, stranger.key)).statusCode).toBe(404);
  });

  it('a failed video is refunded by the worker', async () => {
    const account = await createPaidAccount(runtime.services);
    const created = json(await call('POST', '/api/provider/video', account.key, { prompt: 'fail this one' }));
    await expect
      .poll(async () => json(await call('GET', created.data.statusUrl, account.key)).data.status, {
        timeout: 10_000,
      })
      .toBe('failed');
    const failed = json(await call('GET', created.data.statusUrl, account.key)).data;
    expect(failed).toMatchObject({ creditsRefunded: 10, creditsUsed: 0 });
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 20, sum: 20 });
  });

  it('a task past its deadline is failed and refunded by the sweep', async () => {
    const account = await createPaidAccount(runtime.services);
    const created = json(
      await call('POST', '/api/provider/video', account.key, { prompt: 'pending forever' }),
    );
    await runtime.services.pool.query(
      "update tasks set deadline_at = now() - interval '1 second', next_check_at = now() where id = $1",
      [created.data.taskId],
    );
    await expect
      .poll(async () => json(await call('GET', created.data.statusUrl, account.key)).data.status, {
        timeout: 10_000,
      })
      .toBe('failed');
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 20, sum: 20 });
  });
});

describe('linkedin', () => {
  it('answers profile data and posts with stats; a failed scrape is refunded', async () => {
    const account = await createPaidAccount(runtime.services);
    const ok = json(await call('POST', '/api/provider/linkedin', account.key, { username: 'ada', limit: 2 }));
    expect(ok.data.profile).toMatchObject({ username: 'ada' });
    expect(ok.data.posts).toHaveLength(2);
    expect(ok.data.posts[0].stats).toMatchObject({ likes: 0 });
    expect(ok.data.pagination_token).toBe('next-page');
    const failed = await call('POST', '/api/provider/linkedin', account.key, { username: 'will-fail' });
    expect(failed.statusCode).toBe(502);
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 18, sum: 18 });
  });
});

describe('Idempotency-Key', () => {
  it('the same key and body answer the first task without a second charge; another body is a 409', async () => {
    const account = await createPaidAccount(runtime.services);
    const headers = { 'idempotency-key': 'order-42' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', '/api/provider/video', account.key, { prompt: 'once' }, headers),
      ),
    );
    const taskIds = new Set(answers.map((r) => json(r).data.taskId));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(taskIds.size).toBe(1);
    expect(await balanceOf(account)).toBe(10);
    const other = await call('POST', '/api/provider/video', account.key, { prompt: 'different' }, headers);
    expect(other.statusCode).toBe(409);
    expect(await balanceOf(account)).toBe(10);
  });

  it('a linkedin replay does not scrape again', async () => {
    const account = await createPaidAccount(runtime.services);
    const before = engine.scrapes;
    const headers = { 'idempotency-key': 'scrape-1' };
    const first = json(
      await call('POST', '/api/provider/linkedin', account.key, { username: 'grace' }, headers),
    );
    const second = json(
      await call('POST', '/api/provider/linkedin', account.key, { username: 'grace' }, headers),
    );
    expect(second.data.taskId).toBe(first.data.taskId);
    expect(second.data.posts).toEqual(first.data.posts);
    expect(engine.scrapes - before).toBe(1);
    expect(await balanceOf(account)).toBe(18);
  });
});

describe.each(['personal', 'team'] as const)('money under concurrency (%s workspace)', (owner) => {
  it('1,000 concurrent calls against 1 credit: exactly one succeeds, balance 0', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 1, tier: 'enterprise', owner });
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, index) =>
        call('POST', '/api/provider/sora-watermark-remover', account.key, {
          video_url: `https://sora.chatgpt.com/p/${index}`,
        }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 402)).toHaveLength(999);
    expect(await ledgerCheck(runtime.services, account.workspaceId)).toEqual({ balance: 0, sum: 0 });
  }, 60_000);

  it('300 concurrent calls against 150 credits (coalesced debits): exactly 150 charged, entries in order', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 150, tier: 'enterprise', owner });
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        call('POST', '/api/provider/sora-watermark-remover', account.key, {
          video_url: `https://sora.chatgpt.com/p/pending-${index}`,
        }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(150);
    expect(statuses.filter((s) => s === 402)).toHaveLength(150);
    expect(await ledgerCheck(runtime.services, account.workspaceId)).toEqual({ balance: 0, sum: 0 });
    const { rows } = await runtime.services.pool.query(
      `select balance_after from credit_entries where workspace_id = $1 and reason = 'usage' order by balance_after desc`,
      [account.workspaceId],
    );
    // Every debit left its own balance behind: 149, 148, ... 0, each exactly once.
    expect(rows.map((row) => row.balance_after)).toEqual(Array.from({ length: 150 }, (_, i) => 149 - i));
    const tasks = await runtime.services.pool.query(
      'select count(*)::int as n from tasks where workspace_id = $1',
      [account.workspaceId],
    );
    expect(tasks.rows[0].n).toBe(150);
  }, 60_000);

  it('a mixed storm with upstream failures keeps every ledger equal to its balance', async () => {
    const accounts = await Promise.all(
      Array.from({ length: 4 }, () =>
        createPaidAccount(runtime.services, { credits: 40, tier: 'enterprise', owner }),
      ),
    );
    const bodies = [
      ['/api/provider/image', { prompt: 'ok' }],
      ['/api/provider/image', { prompt: 'fail' }],
      ['/api/provider/video', { prompt: 'ok' }],
      ['/api/provider/video', { prompt: 'fail' }],
      ['/api/provider/linkedin', { username: 'ok' }],
      ['/api/provider/linkedin', { username: 'fail' }],
      ['/api/provider/sora-watermark-remover/sync', { video_url: 'https://sora.chatgpt.com/p/fail' }],
    ] as const;
    await Promise.all(
      Array.from({ length: 120 }, (_, index) => {
        const [url, body] = bodies[index % bodies.length] as (typeof bodies)[number];
        return call('POST', url, (accounts[index % accounts.length] as PaidAccount).key, body);
      }),
    );
    await expect
      .poll(
        async () =>
          (
            await runtime.services.pool.query(
              "select count(*)::int as n from tasks where status = 'processing' and workspace_id = any($1)",
              [accounts.map((account) => account.workspaceId)],
            )
          ).rows[0].n,
        {
          timeout: 15_000,
        },
      )
      .toBe(0);
    for (const account of accounts) {
      const check = await ledgerCheck(runtime.services, account.workspaceId);
      expect(check.balance).toBe(check.sum);
      expect(check.balance).toBeGreaterThanOrEqual(0);
    }
  }, 60_000);
});

describe('GET /api/provider/me', () => {
  it('answers key name, balance, tier, limits and what is left', async () => {
    const account = await createPaidAccount(runtime.services);
    const me = json(await call('GET', '/api/provider/me', account.key));
    expect(me.data).toMatchObject({
      keyName: 'test key',
      workspace: { id: account.userId, kind: 'personal', name: null },
      balance: 20,
      tier: 'free',
      limits: { perMinute: 60, perHour: 1000, perDay: 10000 },
      remaining: { minute: 59, hour: 999, day: 9999 },
    });
  });

  it('answers are never stored by a cache, and vary with the key', async () => {
    const account = await createPaidAccount(runtime.services);
    const created = json(await call('POST', '/api/provider/video', account.key, { prompt: 'a cached fox?' }));
    for (const url of ['/api/provider/me', `/api/provider/video/status/${created.data.taskId}`]) {
      const answer = await call('GET', url, account.key);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(String(answer.headers.vary)).toContain('X-API-Key');
    }
    const refused = await call('GET', '/api/provider/me');
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('limits per minute with 429, Retry-After and RateLimit headers', async () => {
    const account = await createPaidAccount(runtime.services);
    for (let index = 0; index < 60; index += 1) {
      expect((await call('GET', '/api/provider/me', account.key)).statusCode).toBe(200);
    }
    const refused = await call('GET', '/api/provider/me', account.key);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers.ratelimit).toMatch(/^limit=60, remaining=0, reset=\d+$/);
    expect(json(refused)).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  });
});
