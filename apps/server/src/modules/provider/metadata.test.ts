import { appPath, METADATA_LIMITS, type RequestLogItem, USAGE_CSV_COLUMNS } from '@conduit/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  createPaidAccount,
  ledgerCheck,
  type PaidAccount,
  sessionCookieFor,
} from '../../../test/paid-account.ts';
import { useScriptedRuntime } from '../../../test/test-runtime.ts';

/*
 * `metadata` on every paid call (docs/product.md, "Metadata"), through the routes and real
 * PostgreSQL: refused before any charge when it breaks a limit, then kept and echoed wherever the
 * call shows, filterable, and summed by `GET /api/provider/usage?groupBy=metadata.<key>`.
 */
const { runtime } = useScriptedRuntime();

const inject = (method: 'GET' | 'POST', url: string, key: string, payload?: unknown) =>
  runtime.app.inject({ method, url, payload: payload as object, headers: { 'x-api-key': key } });
type Data = { taskId: string; status: string; metadata: Record<string, string> };
const dataOf = (response: LightMyRequestResponse) => (response.json() as { data: Data }).data;
const pool = () => runtime.services.pool;
const taskRows = async (account: PaidAccount) =>
  (await pool().query('select count(*)::int as n from tasks where workspace_id = $1', [account.workspaceId]))
    .rows[0].n as number;
const entryRows = async (account: PaidAccount) =>
  (
    await pool().query('select count(*)::int as n from credit_entries where workspace_id = $1', [
      account.workspaceId,
    ])
  ).rows[0].n as number;
const spend = async (account: PaidAccount, query: string) => {
  const answer = await inject('GET', `/api/provider/usage?${query}`, account.key);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { data: { value: string | null; calls: number; credits: number }[] }).data;
};

const L = METADATA_LIMITS;
const tooManyKeys = Object.fromEntries(
  Array.from({ length: L.maxKeys + 1 }, (_, index) => [`k${index}`, 'v']),
);
const BAD_METADATA: [string, unknown][] = [
  ['51 keys', tooManyKeys],
  ['a 41-character key', { ['k'.repeat(L.keyMaxLength + 1)]: 'v' }],
  ['a 501-character value', { customer: 'v'.repeat(L.valueMaxLength + 1) }],
  ['a number value', { customer: 7 }],
  ['a nested object value', { customer: { id: 'acme' } }],
  ['a null value', { customer: null }],
  ['a string', 'customer=acme'],
  ['an array', ['acme']],
  ['a key with brackets', { 'customer[id]': 'acme' }],
];
const PAID_CALLS = [
  { url: '/api/provider/image', body: { prompt: 'a red fox' } },
  { url: '/api/provider/video', body: { prompt: 'a fox running' } },
  { url: '/api/provider/sora-watermark-remover', body: { video_url: 'https://sora.chatgpt.com/p/s_1' } },
  { url: '/api/provider/sora-watermark-remover/sync', body: { video_url: 'https://sora.chatgpt.com/p/s_2' } },
  { url: '/api/provider/linkedin', body: { username: 'satyanadella' } },
  { url: '/v1/images/generations', body: { prompt: 'a red fox' } },
  { url: '/v1/videos', body: { prompt: 'a fox running' } },
] as const;

describe('metadata limits: refused with 400 naming metadata, before any charge', () => {
  it.each(PAID_CALLS)('$url', async ({ url, body }) => {
    const account = await createPaidAccount(runtime.services);
    const entries = await entryRows(account);
    for (const [what, metadata] of BAD_METADATA) {
      const answer = await inject('POST', url, account.key, { ...body, metadata });
      expect(answer.statusCode, `${what}: ${answer.body}`).toBe(400);
      const error = answer.json() as { field?: string; error: string | { param: string; message: string } };
      // The native API names the field; /v1 answers in OpenAI's envelope, naming it as `param`.
      if (url.startsWith('/v1/')) expect(error.error, what).toMatchObject({ param: 'metadata' });
      else expect(error, what).toMatchObject({ code: 'VALIDATION_FAILED', field: 'metadata' });
    }
    expect(await ledgerCheck(runtime.services, account.workspaceId)).toEqual({ balance: 20, sum: 20 });
    expect(await entryRows(account)).toBe(entries);
    expect(await taskRows(account)).toBe(0);
  });

  it('takes exactly the limits: 50 keys of 40 characters, values of 500', async () => {
    const account = await createPaidAccount(runtime.services);
    const metadata = Object.fromEntries(
      Array.from({ length: L.maxKeys }, (_, index) => [
        `${index}`.padStart(L.keyMaxLength, 'k'),
        'v'.repeat(L.valueMaxLength),
      ]),
    );
    const answer = await inject('POST', '/api/provider/image', account.key, { prompt: 'a fox', metadata });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(dataOf(answer).metadata).toEqual(metadata);
  });

  it('a quote refuses bad metadata as the call would, naming it', async () => {
    const account = await createPaidAccount(runtime.services);
    const answer = await inject('POST', '/api/provider/quote', account.key, {
      service: 'linkedin',
      body: { username: 'someone', metadata: { customer: 1 } },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ field: 'body.metadata' });
  });
});

describe('metadata is kept and echoed', () => {
  it('in the answer, the task, the list, the events and webhook bodies, the request log and the CSV', async () => {
    const account = await createPaidAccount(runtime.services);
    const metadata = { customer: 'acme', order: 'ord_1', '7': 'an index-like key', note: 'a "quoted" é' };
    const answer = await inject('POST', '/api/provider/image', account.key, { prompt: 'a fox', metadata });
    expect(answer.statusCode, answer.body).toBe(200);
    const { taskId } = dataOf(answer);
    expect(dataOf(answer).metadata).toEqual(metadata);

    const task = await inject('GET', `/api/provider/tasks/${taskId}`, account.key);
    expect(dataOf(task).metadata).toEqual(metadata);
    const status = await inject('GET', `/api/provider/image/status/${taskId}`, account.key);
    expect(dataOf(status).metadata).toEqual(metadata);
    const list = await inject('GET', '/api/provider/tasks', account.key);
    expect((list.json() as { data: Data[] }).data.map((item) => item.metadata)).toEqual([metadata]);
    // The stored request is the work's own body: the metadata is kept once, beside it.
    const { rows } = await pool().query('select request, metadata from tasks where id = $1', [taskId]);
    expect(rows[0].request).not.toHaveProperty('metadata');
    expect(rows[0].metadata).toEqual(metadata);

    // The events API lists each event with the body its webhooks carried (the settle's is built in SQL).
    const events = await inject('GET', '/api/provider/events', account.key);
    const listed = (events.json() as { data: { type: string; data: Data }[] }).data;
    expect(listed.map((event) => [event.type, event.data.metadata])).toEqual([
      ['task.completed', metadata],
      ['task.started', metadata],
    ]);
    const bodies = await pool().query('select type, body from webhook_events where workspace_id = $1', [
      account.workspaceId,
    ]);
    for (const row of bodies.rows as { type: string; body: string }[]) {
      expect(JSON.parse(row.body).data.metadata, row.type).toEqual(metadata);
    }

    await runtime.app.requestLog?.flush();
    const log = await inject('GET', '/api/provider/requests', account.key);
    const items = (log.json() as { data: RequestLogItem[] }).data;
    const logged = items.find((item) => item.taskId === taskId && item.endpoint === '/api/provider/image');
    expect(logged?.metadata).toEqual(metadata);

    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const csv = await runtime.app.inject({ url: appPath('usageCsv'), headers: { cookie } });
    const [header, line] = csv.body.trim().split('\n');
    expect(header?.split(',').at(-1)).toBe('metadata');
    expect(USAGE_CSV_COLUMNS.at(-1)).toBe('metadata');
    // The last cell: the metadata as JSON, quoted as CSV quotes a cell (its quotes doubled).
    const cell = (line as string).slice((line as string).indexOf(',"{') + 1);
    expect(JSON.parse(cell.slice(1, -1).replaceAll('""', '"'))).toEqual(metadata);
    const history = await runtime.app.inject({ url: appPath('usage'), headers: { cookie } });
    expect((history.json() as { items: { metadata: unknown }[] }).items[0]?.metadata).toEqual(metadata);
    const detail = await runtime.app.inject({ url: appPath('callDetail', { taskId }), headers: { cookie } });
    expect((detail.json() as { metadata: unknown }).metadata).toEqual(metadata);
  });

  it('a call without metadata answers {} and stores null', async () => {
    const account = await createPaidAccount(runtime.services);
    const answer = await inject('POST', '/api/provider/video', account.key, { prompt: 'waves' });
    expect(dataOf(answer).metadata).toEqual({});
    const { rows } = await pool().query('select metadata from tasks where id = $1', [dataOf(answer).taskId]);
    expect(rows[0].metadata).toBeNull();
  });

  it('an async call answers its metadata at once; /v1 keeps it, from JSON and from a multipart form', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100 });
    const video = await inject('POST', '/api/provider/video', account.key, {
      prompt: 'waves',
      metadata: { customer: 'acme' },
    });
    expect(dataOf(video)).toMatchObject({ status: 'processing', metadata: { customer: 'acme' } });
    const openAI = await inject('POST', '/v1/videos', account.key, {
      prompt: 'waves',
      metadata: { customer: 'globex' },
    });
    expect(openAI.statusCode, openAI.body).toBe(200);
    expect(openAI.json()).toMatchObject({ object: 'video', metadata: { customer: 'globex' } });
    const boundary = 'metadataboundary';
    const form = [
      ['prompt', 'waves'],
      ['metadata[customer]', 'initech'],
      ['metadata[plan]', 'pro'],
    ]
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('');
    const multipart = await runtime.app.inject({
      method: 'POST',
      url: '/v1/videos',
      headers: { 'x-api-key': account.key, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${form}--${boundary}--\r\n`,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(multipart.json()).toMatchObject({ metadata: { customer: 'initech', plan: 'pro' } });
    const image = await inject('POST', '/v1/images/generations', account.key, {
      prompt: 'a fox',
      metadata: { customer: 'acme' },
    });
    expect(image.statusCode, image.body).toBe(200);
    const { rows } = await pool().query(
      "select service, metadata from tasks where workspace_id = $1 and service = 'image'",
      [account.workspaceId],
    );
    expect(rows).toEqual([{ service: 'image', metadata: { customer: 'acme' } }]);
  });
});

describe('filtering by metadata', () => {
  it('the task list and the request log take metadata[key]=value, every pair required', async () => {
    const account = await createPaidAccount(runtime.services);
    const made: Record<string, string> = {};
    for (const metadata of [
      { customer: 'acme', plan: 'pro' },
      { customer: 'acme', plan: 'free' },
      { customer: 'globex', plan: 'pro' },
      undefined,
    ]) {
      const answer = await inject('POST', '/api/provider/image', account.key, { prompt: 'a fox', metadata });
      made[JSON.stringify(metadata ?? null)] = dataOf(answer).taskId;
    }
    const listed = async (query: string) => {
      const answer = await inject('GET', `/api/provider/tasks?${query}`, account.key);
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json() as { data: Data[] }).data.map((task) => task.metadata);
    };
    expect(await listed('metadata[customer]=acme')).toEqual([
      { customer: 'acme', plan: 'free' },
      { customer: 'acme', plan: 'pro' },
    ]);
    expect(await listed('metadata%5Bcustomer%5D=acme&metadata[plan]=pro&limit=5')).toEqual([
      { customer: 'acme', plan: 'pro' },
    ]);
    expect(await listed('metadata[customer]=nobody')).toEqual([]);
    expect(await listed('service=image')).toHaveLength(4);
    const bad = await inject('GET', `/api/provider/tasks?metadata[${'k'.repeat(41)}]=x`, account.key);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'metadata' });

    await runtime.app.requestLog?.flush();
    const log = await inject('GET', '/api/provider/requests?metadata[plan]=pro', account.key);
    const items = (log.json() as { data: RequestLogItem[] }).data;
    expect(items.map((item) => item.metadata.customer).sort()).toEqual(['acme', 'globex']);
    // The Logs page searches by a key, or a key and its value.
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const page = async (query: string) =>
      (
        (
          await runtime.app.inject({ url: `${appPath('requestLog')}?${query}`, headers: { cookie } })
        ).json() as {
          items: RequestLogItem[];
        }
      ).items;
    expect((await page('metadataKey=customer&metadataValue=globex')).map((item) => item.taskId)).toEqual([
      made[JSON.stringify({ customer: 'globex', plan: 'pro' })],
    ]);
    expect(await page('metadataKey=plan')).toHaveLength(3);
  });
});

describe('spend by metadata: GET /api/provider/usage?groupBy=metadata.<key>', () => {
  it('sums calls and net credits per value; a refunded call adds a call and no credits; none is null', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100 });
    const image = (prompt: string, metadata?: Record<string, string>) =>
      inject('POST', '/api/provider/image', account.key, { prompt, metadata });
    await image('a fox', { customer: 'acme' });
    await image('a cat', { customer: 'acme', plan: 'pro' });
    expect((await image('please fail', { customer: 'acme' })).statusCode).toBe(502);
    await image('a dog', { customer: 'globex' });
    await image('a bird');
    await inject('POST', '/api/provider/linkedin', account.key, {
      username: 'satyanadella',
      metadata: { customer: 'globex' },
    });
    expect(await spend(account, 'groupBy=metadata.customer')).toEqual([
      { value: 'globex', calls: 2, credits: 3 },
      { value: 'acme', calls: 3, credits: 2 },
      { value: null, calls: 1, credits: 1 },
    ]);
    expect(await spend(account, 'groupBy=metadata.customer&service=image')).toEqual([
      { value: 'acme', calls: 3, credits: 2 },
      { value: 'globex', calls: 1, credits: 1 },
      { value: null, calls: 1, credits: 1 },
    ]);
    expect(await spend(account, 'groupBy=metadata.plan')).toEqual([
      { value: null, calls: 5, credits: 5 },
      { value: 'pro', calls: 1, credits: 1 },
    ]);
    // The ledger agrees: what was spent is what the groups add up to.
    expect(await ledgerCheck(runtime.services, account.workspaceId)).toEqual({ balance: 94, sum: 94 });
    // The app's Usage page reads the same figures for the session's workspace.
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const app = await runtime.app.inject({
      url: `${appPath('usageByMetadata')}?groupBy=metadata.customer&service=image`,
      headers: { cookie },
    });
    expect(app.statusCode, app.body).toBe(200);
    expect(app.json()).toEqual({ data: await spend(account, 'groupBy=metadata.customer&service=image') });
  });

  it('from and to bound the period (a date to includes its day); bad queries are 400', async () => {
    const account = await createPaidAccount(runtime.services);
    for (const customer of ['acme', 'acme', 'globex']) {
      await inject('POST', '/api/provider/image', account.key, { prompt: 'a fox', metadata: { customer } });
    }
    // Two calls of last month, moved there as a month-old call would have been made.
    await pool().query(
      `update tasks set created_at = '2026-11-15T12:00:00Z' where id in
         (select id from tasks where workspace_id = $1 order by created_at limit 2)`,
      [account.workspaceId],
    );
    expect(await spend(account, 'groupBy=metadata.customer&from=2026-11-01&to=2026-11-30')).toEqual([
      { value: 'acme', calls: 2, credits: 2 },
    ]);
    expect(await spend(account, 'groupBy=metadata.customer&from=2026-11-15&to=2026-11-15')).toEqual([
      { value: 'acme', calls: 2, credits: 2 },
    ]);
    expect(await spend(account, 'groupBy=metadata.customer&to=2026-11-15T12:00:00Z')).toEqual([]);
    expect(await spend(account, 'groupBy=metadata.customer&from=2026-11-16T00:00:00%2B01:00')).toEqual([
      { value: 'globex', calls: 1, credits: 1 },
    ]);
    for (const query of ['', 'groupBy=customer', 'groupBy=metadata.', 'groupBy=metadata.x&from=yesterday']) {
      const answer = await inject('GET', `/api/provider/usage?${query}`, account.key);
      expect(answer.statusCode, query).toBe(400);
    }
    // Another workspace's calls are never counted.
    const other = await createPaidAccount(runtime.services);
    expect(await spend(other, 'groupBy=metadata.customer')).toEqual([]);
  });

  it('concurrent calls with different metadata sum exactly', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 60 });
    const customers = ['acme', 'globex', 'initech'];
    const answers = await Promise.all(
      Array.from({ length: 45 }, (_, index) =>
        inject('POST', '/api/provider/image', account.key, {
          prompt: index % 5 === 0 ? 'please fail' : 'a fox',
          metadata: { customer: customers[index % 3] as string },
        }),
      ),
    );
    const expected = customers.map((customer, which) => {
      const mine = answers.filter((_, index) => index % 3 === which);
      const failed = answers.filter((_, index) => index % 3 === which && index % 5 === 0);
      expect(mine.every((answer) => [200, 502].includes(answer.statusCode))).toBe(true);
      return { value: customer, calls: mine.length, credits: mine.length - failed.length };
    });
    const groups = await spend(account, 'groupBy=metadata.customer');
    expect([...groups].sort((a, b) => String(a.value).localeCompare(String(b.value)))).toEqual(expected);
    const spent = groups.reduce((sum, group) => sum + group.credits, 0);
    expect(await ledgerCheck(runtime.services, account.workspaceId)).toEqual({
      balance: 60 - spent,
      sum: 60 - spent,
    });
  });
});
