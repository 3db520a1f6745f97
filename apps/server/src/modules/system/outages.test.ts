import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { createPaidAccount } from '../../../test/paid-account.ts';
import { type StallingProxy, startStallingProxy } from '../../../test/stalling-proxy.ts';
import { createTestDatabase } from '../../../test/test-runtime.ts';
import { parseConfig } from '../../platform/config.ts';
import { type Runtime, startRuntime } from '../../platform/runtime.ts';

/*
 * The real runtime with its PostgreSQL and Redis behind proxies that can stop answering (bytes
 * go nowhere, no error: the worst kind of outage), to see readiness drop and come back on its
 * own, and the rate limits keep answering while Redis is away.
 */
const redisUrl = inject('redisUrl') || undefined;
if (!redisUrl) {
  console.warn(
    'outages.test.ts: no REDIS_URL and no redis-server to start, so the Redis outage test is skipped: it needs a real Redis',
  );
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let databaseProxy: StallingProxy;
let redisProxy: StallingProxy | undefined;
let runtime: Runtime;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const target = new URL(database.url);
  databaseProxy = await startStallingProxy({ host: target.hostname, port: Number(target.port) });
  if (redisUrl) {
    const redisTarget = new URL(redisUrl);
    redisProxy = await startStallingProxy({
      host: redisTarget.hostname,
      port: Number(redisTarget.port || 6379),
    });
  }
  dataDir = await mkdtemp(path.join(tmpdir(), 'conduit-outage-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseProxy.through(database.url),
    ...(redisProxy && redisUrl && { REDIS_URL: redisProxy.through(redisUrl) }),
    REDIS_PREFIX: `test:outage:${randomBytes(6).toString('hex')}`,
  });
  runtime = await startRuntime(config, pino({ level: 'silent' }));
}, 60_000);

afterAll(async () => {
  databaseProxy?.resume();
  redisProxy?.resume();
  await runtime?.stop();
  await databaseProxy?.close();
  await redisProxy?.close();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const readiness = async () => {
  const response = await runtime.app.inject({ method: 'GET', url: '/readyz' });
  const body = response.json() as { checks: Array<{ name: string; ok: boolean }> };
  return { status: response.statusCode, failing: body.checks.filter((c) => !c.ok).map((c) => c.name) };
};

describe('outages', () => {
  it('readiness drops while the database does not answer and comes back on its own', async () => {
    expect(await readiness()).toEqual({ status: 200, failing: [] });
    databaseProxy.stall();
    expect(await readiness()).toEqual({ status: 503, failing: ['database', 'jobs'] });
    databaseProxy.resume();
    expect(await eventually(readiness, (r) => r.status === 200, 15_000, 100)).toEqual({
      status: 200,
      failing: [],
    });
  }, 30_000);

  it('a connection cut inside a transaction fails that transaction, and the process carries on', async () => {
    const transaction = runtime.services.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // Resets every connection through the proxy, this transaction's among them.
      databaseProxy.resume();
      await tx.execute(sql`select pg_sleep(1)`);
    });
    await expect(transaction).rejects.toThrow();
    expect(await eventually(readiness, (r) => r.status === 200, 15_000, 100)).toEqual({
      status: 200,
      failing: [],
    });
  }, 30_000);

  it.skipIf(!redisUrl)(
    'while Redis does not answer: readiness drops, rate limits answer from process memory, then Redis counts again',
    async () => {
      const account = await createPaidAccount(runtime.services);
      const me = () =>
        runtime.app.inject({ method: 'GET', url: '/api/provider/me', headers: { 'x-api-key': account.key } });
      const first = await me();
      expect(first.statusCode).toBe(200);
      expect(first.headers.ratelimit).toBe('limit=60, remaining=59, reset=60');

      redisProxy?.stall();
      expect(await readiness()).toEqual({ status: 503, failing: ['redis'] });
      // The free tier allows 60 a minute: the memory limiter of this process counts the outage afresh.
      const during = await Promise.all(Array.from({ length: 61 }, () => me()));
      expect(during.filter((r) => r.statusCode === 200)).toHaveLength(60);
      expect(during.filter((r) => r.statusCode === 429)).toHaveLength(1);

      redisProxy?.resume();
      expect(await eventually(readiness, (r) => r.status === 200, 15_000, 100)).toEqual({
        status: 200,
        failing: [],
      });
      // Counted in Redis again: the count from before the outage goes on.
      const after = await me();
      expect(after.statusCode).toBe(200);
      expect(after.headers.ratelimit).toMatch(/^limit=60, remaining=58, reset=\d+$/);
    },
    60_000,
  );
});
