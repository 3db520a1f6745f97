import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runLedgerCheck } from '../src/modules/admin/ledger-audit.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import type { connectDatabase, Db } from '../src/platform/database.ts';
import { systemClock } from '../src/platform/services.ts';
import { connectTestDatabase } from './database-urls.ts';
import { createPaidAccount, ledgerCheck, type PaidAccount, sessionCookieFor } from './paid-account.ts';
import { startTestS3, type TestS3 } from './s3-server.ts';
import {
  CLUSTER_SCRIPT,
  freePort,
  type ServerProcess,
  spawnProcess,
  stopProcess,
  TEST_PROCESS_POOL_SIZE,
  waitForReady,
} from './server-processes.ts';
import { createTestDatabase } from './test-runtime.ts';

/*
 * Two API processes and a worker process (real children, ROLE=api / ROLE=worker) on one
 * database, one S3-compatible result store and, when REDIS_URL is set, one Redis under a prefix
 * of this run's own, each on a data directory of its own: what `npm run cluster` or a
 * deployment with several machines runs.
 */
const redisUrl = inject('redisUrl');
const hasRedis = redisUrl !== '';
if (!hasRedis) {
  console.warn(
    'cluster.test.ts: no REDIS_URL and no redis-server to start, so the global rate-limit test is skipped: without Redis each process counts its own limits',
  );
}
const SESSION_SECRET = `cluster-test-${randomBytes(16).toString('hex')}`;
const SORA_BODY = { video_url: 'https://sora.chatgpt.com/p/s_cluster' };
const FAILING_VIDEO = { prompt: 'a storm at sea [fail]' };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let ctx: ReturnType<typeof connectDatabase> & { clock: typeof systemClock; sessionSecret: string };
let dataDir: string;
let env: Record<string, string>;
let apiA: ServerProcess;
let apiB: ServerProcess;
let worker: ServerProcess;
const started: ServerProcess[] = [];

let s3: TestS3;
let processCount = 0;

/** A process of `role` on a data directory of its own: only the database and the store are shared. */
async function startServer(role: 'api' | 'worker' | 'all'): Promise<ServerProcess> {
  processCount += 1;
  const ownDataDir = path.join(dataDir, `${role}-${processCount}`);
  const server = spawnProcess({ ...env, ROLE: role, PORT: String(await freePort()), DATA_DIR: ownDataDir });
  started.push(server);
  await waitForReady(server);
  return server;
}

const request = (server: ServerProcess, method: string, url: string, key?: string, body?: unknown) =>
  fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(key && { 'x-api-key': key }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Status of a request, its body read; a connection error (process gone) counts as 0. */
const statusOf = (pending: Promise<Response>) =>
  pending.then(
    async (response) => {
      await response.arrayBuffer();
      return response.status;
    },
    () => 0,
  );

async function until(what: string, condition: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const countOf = async (sql: string, params: unknown[]) =>
  Number((await ctx.pool.query(sql, params)).rows[0]?.n ?? 0);
const unsettledOf = (account: PaidAccount) =>
  countOf("select count(*)::int as n from tasks where workspace_id = $1 and status = 'processing'", [
    account.userId,
  ]);

/** Large limits, so a test about money or processes is not cut short by the rate limit. */
async function unlimitedAccount(credits: number) {
  const account = await createPaidAccount(ctx, { credits, tier: 'enterprise' });
  await ctx.pool.query(
    'update workspaces set rate_limit_per_minute = 1000000, rate_limit_per_hour = 1000000, rate_limit_per_day = 1000000 where id = $1',
    [account.userId],
  );
  return account;
}

/** Balance equals the ledger for the account, and the audit over every account finds no mismatch. */
async function expectLedgerHolds(account: PaidAccount) {
  const { balance, sum } = await ledgerCheck(ctx, account.userId);
  expect(sum).toBe(balance);
  expect((await runLedgerCheck(ctx)).mismatched).toBe(0);
  return balance;
}

/**
 * The balance against what its tasks say, read in one statement (one snapshot): every task's
 * cost debited once, every refund given once, nothing else.
 */
async function expectBalanceMatchesTasks(account: PaidAccount, granted: number) {
  const { rows } = await ctx.pool.query(
    `select c.balance,
            (select coalesce(sum(cost), 0)::int from tasks t where t.workspace_id = c.workspace_id) as charged,
            (select coalesce(sum(credits_refunded), 0)::int from tasks t where t.workspace_id = c.workspace_id) as refunded
       from credit_accounts c where c.workspace_id = $1`,
    [account.userId],
  );
  const row = rows[0] as { balance: number; charged: number; refunded: number };
  expect(row.balance).toBe(granted - row.charged + row.refunded);
  await expectLedgerHolds(account);
}

beforeAll(async () => {
  database = await createTestDatabase();
  ctx = { ...connectTestDatabase(database.url, 4), clock: systemClock, sessionSecret: SESSION_SECRET };
  dataDir = await mkdtemp(path.join(tmpdir(), 'conduit-cluster-'));
  s3 = await startTestS3();
  env = {
    ...s3.env,
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    ...(hasRedis && { REDIS_URL: redisUrl }),
    REDIS_PREFIX: `test:cluster:${randomBytes(6).toString('hex')}`,
    DATA_DIR: dataDir,
    SESSION_SECRET,
    PROVIDER_ENGINE: 'local',
    // A killed worker's task is picked up by another after this lease.
    TASK_LEASE_S: '2',
    DATABASE_POOL_SIZE: TEST_PROCESS_POOL_SIZE,
  };
  [apiA, apiB, worker] = await Promise.all([startServer('api'), startServer('api'), startServer('worker')]);
}, 120_000);

afterAll(async () => {
  await Promise.all(started.map((server) => stopProcess(server, 'SIGKILL')));
  await ctx?.pool.end();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  await s3?.close();
});

describe('several processes on one database, one result store and Redis', () => {
  it('a worker process answers health and metrics only', async () => {
    expect(await statusOf(request(worker, 'GET', '/readyz'))).toBe(200);
    expect(await statusOf(request(worker, 'GET', '/metrics'))).toBe(200);
    const account = await createPaidAccount(ctx);
    expect(await statusOf(request(worker, 'GET', '/api/provider/me', account.key))).toBe(404);
  });

  it('a result stored by the worker is served by both API processes from the shared store, with ranges', async () => {
    const account = await unlimitedAccount(50);
    const created = await request(apiA, 'POST', '/api/provider/video', account.key, {
      prompt: 'a shared fox',
    });
    expect(created.status).toBe(200);
    const { taskId } = ((await created.json()) as { data: { taskId: string } }).data;
    let done: { status: string; videoUrls?: string[]; expiresAt?: string } = { status: 'processing' };
    await until(
      'the worker to complete the video',
      async () => {
        const status = await request(apiB, 'GET', `/api/provider/video/status/${taskId}`, account.key);
        done = ((await status.json()) as { data: typeof done }).data;
        return done.status === 'completed';
      },
      30_000,
    );
    expect(Date.parse(done.expiresAt ?? '')).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const filePath = new URL(done.videoUrls?.[0] ?? '').pathname;
    const whole = await fetch(`${apiA.url}${filePath}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(100);
    const part = await fetch(`${apiB.url}${filePath}`, { headers: { range: 'bytes=10-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-99/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(10, 100))).toBe(true);
    // The file lives in the bucket, and on no process's disk.
    expect((await s3.keys()).filter((key) => key.includes(`/${taskId}/`))).toHaveLength(1);
    for (const dir of await readdir(dataDir))
      expect(existsSync(path.join(dataDir, dir, 'files'))).toBe(false);
  }, 60_000);

  /** The other process refuses the key on a paid call, a status read and /me, and nothing more was charged. */
  const expectRefusedByB = async (account: PaidAccount, taskId: string) => {
    const statusUrl = `/api/provider/sora-watermark-remover/status/${taskId}`;
    expect(
      await statusOf(request(apiB, 'POST', '/api/provider/sora-watermark-remover', account.key, SORA_BODY)),
    ).toBe(401);
    expect(await statusOf(request(apiB, 'GET', statusUrl, account.key))).toBe(401);
    expect(await statusOf(request(apiB, 'GET', '/api/provider/me', account.key))).toBe(401);
    expect(await expectLedgerHolds(account)).toBe(9);
  };

  it('refuses a key deleted through one process in the other on the very next request', async () => {
    const account = await createPaidAccount(ctx, { credits: 10 });
    const cookie = await sessionCookieFor(ctx, account.userId);
    // B authenticates the key first, so its identity cache holds it.
    const first = await request(apiB, 'POST', '/api/provider/sora-watermark-remover', account.key, SORA_BODY);
    expect(first.status).toBe(200);
    const { data } = (await first.json()) as { data: { taskId: string } };
    expect(await statusOf(request(apiB, 'GET', '/api/provider/me', account.key))).toBe(200);

    const deleted = await fetch(`${apiA.url}/api/keys/${account.keyId}`, {
      method: 'DELETE',
      headers: { cookie },
    });
    expect(deleted.status).toBe(200);

    await expectRefusedByB(account, data.taskId);
  });

  it('refuses a user deactivated through one process in the other on the very next request', async () => {
    const account = await createPaidAccount(ctx, { credits: 10 });
    const admin = await createPaidAccount(ctx, { label: 'admin' });
    await ctx.pool.query("update users set role = 'admin' where id = $1", [admin.userId]);
    const session = await createSession(ctx.db as Db, ctx.clock, { userId: admin.userId });
    const first = await request(apiB, 'POST', '/api/provider/sora-watermark-remover', account.key, SORA_BODY);
    expect(first.status).toBe(200);
    const { data } = (await first.json()) as { data: { taskId: string } };

    const deactivated = await fetch(`${apiA.url}/api/admin/users/${account.userId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ isActive: false }),
    });
    expect(deactivated.status).toBe(200);

    await expectRefusedByB(account, data.taskId);
  });

  it('of 1,000 concurrent paid calls across both processes on 1 credit, exactly one is charged', async () => {
    const account = await unlimitedAccount(1);
    const statuses = await Promise.all(
      Array.from({ length: 1_000 }, (_, index) =>
        statusOf(
          request(
            index % 2 === 0 ? apiA : apiB,
            'POST',
            '/api/provider/sora-watermark-remover',
            account.key,
            SORA_BODY,
          ),
        ),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 402)).toHaveLength(999);
    expect(await expectLedgerHolds(account)).toBe(0);
    expect(
      await countOf('select count(*)::int as n from tasks where workspace_id = $1', [account.userId]),
    ).toBe(1);
  }, 60_000);

  it.skipIf(!hasRedis)(
    'holds the per-minute rate limit across both processes within 1%',
    async () => {
      const account = await createPaidAccount(ctx, { tier: 'enterprise' });
      const limit = 600;
      await ctx.pool.query('update workspaces set rate_limit_per_minute = $1 where id = $2', [
        limit,
        account.userId,
      ]);
      const statuses: number[] = [];
      let sent = 0;
      await Promise.all(
        Array.from({ length: 32 }, async (_, lane) => {
          while (sent < limit + 200) {
            sent += 1;
            const server = lane % 2 === 0 ? apiA : apiB;
            statuses.push(await statusOf(request(server, 'GET', '/api/provider/me', account.key)));
          }
        }),
      );
      const allowed = statuses.filter((status) => status === 200).length;
      expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
      expect(Math.abs(allowed - limit)).toBeLessThanOrEqual(limit * 0.01);
    },
    60_000,
  );

  it('a worker killed mid-task: another takes its tasks after the lease, sweeps the overdue one, settles each once', async () => {
    const account = await unlimitedAccount(200);
    const prompts = [
      ...Array.from({ length: 12 }, (_, index) => `a lighthouse, take ${index}`),
      ...Array.from({ length: 3 }, (_, index) => `a storm, take ${index} [fail]`),
    ];
    const taskIds = await Promise.all(
      prompts.map(async (prompt, index) => {
        const response = await request(index % 2 ? apiA : apiB, 'POST', '/api/provider/video', account.key, {
          prompt,
        });
        expect(response.status).toBe(200);
        return ((await response.json()) as { data: { taskId: string } }).data.taskId;
      }),
    );
    await until(
      'the worker to start the tasks',
      async () =>
        (await countOf(
          'select count(*)::int as n from tasks where workspace_id = $1 and upstream_id is not null',
          [account.userId],
        )) === prompts.length,
      20_000,
    );
    // Local video jobs are ready after 3 s: the worker is now rendering and storing them.
    await new Promise((resolve) => setTimeout(resolve, 3_200));
    await stopProcess(worker, 'SIGKILL');
    // The worker died with tasks unsettled. One of them passes its deadline while no worker
    // runs: the next worker's sweep fails and refunds it.
    const { rows: overdueRows } = await ctx.pool.query(
      `update tasks set deadline_at = now()
        where id = (select id from tasks where workspace_id = $1 and status = 'processing' order by id limit 1)
        returning id, request->>'prompt' as prompt`,
      [account.userId],
    );
    expect(overdueRows).toHaveLength(1);
    const overdue = overdueRows[0] as { id: string; prompt: string };

    worker = await startServer('worker');
    await until('every task to settle', async () => (await unsettledOf(account)) === 0, 90_000);
    const { rows } = await ctx.pool.query(
      `select t.id, t.status, t.error,
              (select count(*)::int from credit_entries e where e.reference = t.id and e.reason = 'refund') as refunds
         from tasks t where t.workspace_id = $1`,
      [account.userId],
    );
    expect(rows.map((row) => row.id).sort()).toEqual([...taskIds].sort());
    expect(rows.find((row) => row.id === overdue.id)).toMatchObject({
      status: 'failed',
      error: 'The task did not finish before its deadline',
      refunds: 1,
    });
    const failing = 3 + (overdue.prompt.includes('[fail]') ? 0 : 1);
    expect(rows.filter((row) => row.status === 'failed')).toHaveLength(failing);
    expect(rows.filter((row) => row.status === 'completed')).toHaveLength(15 - failing);
    expect(rows.every((row) => row.refunds === (row.status === 'failed' ? 1 : 0))).toBe(true);
    expect(await expectLedgerHolds(account)).toBe(200 - 15 * 10 + failing * 10);
  }, 150_000);

  it('an API process killed mid-load: every answered call is charged once, nothing half-written', async () => {
    const account = await unlimitedAccount(100_000);
    const answered: string[] = [];
    const failures = { a: 0, b: 0 };
    const loadEndsAt = Date.now() + 2_500;
    const killer = setTimeout(() => apiA.child.kill('SIGKILL'), 800);
    await Promise.all(
      Array.from({ length: 16 }, async (_, lane) => {
        const server = lane % 2 === 0 ? apiA : apiB;
        while (Date.now() < loadEndsAt) {
          const response = await request(
            server,
            'POST',
            '/api/provider/video',
            account.key,
            FAILING_VIDEO,
          ).catch(() => undefined);
          if (response?.status === 200) {
            answered.push(((await response.json()) as { data: { taskId: string } }).data.taskId);
          } else {
            await response?.arrayBuffer();
            failures[server === apiA ? 'a' : 'b'] += 1;
            // A dead process refuses at once: do not spin on it.
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
      }),
    );
    clearTimeout(killer);
    await apiA.exited;
    expect(failures.b).toBe(0);
    expect(answered.length).toBeGreaterThan(0);

    const { rows } = await ctx.pool.query(
      `select t.id, (select count(*)::int from credit_entries e where e.reference = t.id and e.reason = 'usage') as debits
         from tasks t where t.workspace_id = $1`,
      [account.userId],
    );
    const stored = new Set(rows.map((row) => row.id as string));
    expect(answered.every((taskId) => stored.has(taskId))).toBe(true);
    expect(rows.every((row) => row.debits === 1)).toBe(true);
    await expectBalanceMatchesTasks(account, 100_000);
    // The worker refunds each failing task, exactly once.
    await until('every task to settle', async () => (await unsettledOf(account)) === 0, 60_000);
    expect(await expectLedgerHolds(account)).toBe(100_000);
    apiA = await startServer('api');
  }, 120_000);

  it('SIGTERM to one API process of `npm run cluster` under load: no request fails, and it is restarted', async () => {
    const account = await unlimitedAccount(100_000);
    const port = await freePort();
    const metricsPort = await freePort();
    const cluster = spawnProcess(
      {
        ...env,
        PORT: String(port),
        CLUSTER_API_PROCESSES: '2',
        CLUSTER_WORKERS: '0',
        CLUSTER_METRICS_PORT: String(metricsPort),
      },
      CLUSTER_SCRIPT,
    );
    started.push(cluster);
    const listening = /api (\d) \(pid (\d+), all\) listening/g;
    await until(
      'both API processes to listen',
      async () => cluster.output().match(listening)?.length === 2,
      60_000,
    );
    await waitForReady(cluster);
    const firstPid = Number(/api 1 \(pid (\d+), all\) listening/.exec(cluster.output())?.[1]);

    const statuses: number[] = [];
    const stopAt = Date.now() + 3_000;
    const terminator = setTimeout(() => process.kill(firstPid, 'SIGTERM'), 1_000);
    await Promise.all(
      Array.from({ length: 12 }, async () => {
        while (Date.now() < stopAt) {
          statuses.push(
            await statusOf(request(cluster, 'POST', '/api/provider/video', account.key, FAILING_VIDEO)),
          );
        }
      }),
    );
    clearTimeout(terminator);
    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    await until(
      'the stopped process to be replaced',
      async () =>
        /api 1 \(pid \d+\) exited \(code 0\); restarting[\s\S]*api 1 \(pid \d+, all\) listening/.test(
          cluster.output(),
        ),
      30_000,
    );
    const tasks = await countOf('select count(*)::int as n from tasks where workspace_id = $1', [
      account.userId,
    ]);
    expect(tasks).toBe(statuses.length);
    await expectBalanceMatchesTasks(account, 100_000);

    // The primary serves both processes' metrics, summed: the load's debits are there.
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const debited = /^conduit_credits_debited_total\{service="video"\} (\d+)$/m.exec(metrics);
    expect(Number(debited?.[1])).toBeGreaterThan(0);
    expect(metrics).toContain('conduit_http_request_duration_seconds_bucket{');

    // A process that crashes outright is replaced too.
    const secondPid = Number(/api 2 \(pid (\d+), all\) listening/.exec(cluster.output())?.[1]);
    process.kill(secondPid, 'SIGKILL');
    await until(
      'the killed process to be replaced',
      async () =>
        /api 2 \(pid \d+\) exited \(signal SIGKILL\); restarting[\s\S]*api 2 \(pid \d+, all\) listening/.test(
          cluster.output(),
        ),
      30_000,
    );

    expect(await stopProcess(cluster, 'SIGTERM')).toEqual({ code: 0, signal: null });
    expect(cluster.output()).toContain('[cluster] stopped cleanly');
  }, 120_000);

  it('`npm run cluster` refuses several processes without DATABASE_URL, in one line', async () => {
    const { DATABASE_URL: _ignored, ...withoutDatabase } = env;
    const cluster = spawnProcess({ ...withoutDatabase, PORT: String(await freePort()) }, CLUSTER_SCRIPT);
    started.push(cluster);
    expect(await cluster.exited).toEqual({ code: 1, signal: null });
    expect(cluster.output()).toBe(
      'npm run cluster needs DATABASE_URL: the embedded PostgreSQL serves one process only (or set CLUSTER_API_PROCESSES=1 CLUSTER_WORKERS=0)\n',
    );
  });
});
