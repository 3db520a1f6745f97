import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/platform/database.ts';
import { systemClock } from '../src/platform/services.ts';
import { openEventStream, type ReceivedEvent } from './event-stream-client.ts';
import { createPaidAccount, sessionCookieFor } from './paid-account.ts';
import { freePort, type ServerProcess, spawnProcess, stopProcess, waitForReady } from './server-processes.ts';
import { createTestDatabase } from './test-runtime.ts';

/*
 * Live task status across processes: two API processes and a worker on one database. A call is
 * made through API process A, the worker settles it, and a browser's stream on API process B
 * hears both, through PostgreSQL LISTEN/NOTIFY.
 */
const SESSION_SECRET = `live-events-${randomBytes(16).toString('hex')}`;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let ctx: ReturnType<typeof connectDatabase> & { clock: typeof systemClock; sessionSecret: string };
let dataDir: string;
let apiA: ServerProcess;
let apiB: ServerProcess;
let worker: ServerProcess;
const started: ServerProcess[] = [];

async function startServer(role: 'api' | 'worker'): Promise<ServerProcess> {
  const server = spawnProcess({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_PREFIX: `test:live:${randomBytes(6).toString('hex')}`,
    DATA_DIR: dataDir,
    SESSION_SECRET,
    PROVIDER_ENGINE: 'local',
    ROLE: role,
    PORT: String(await freePort()),
  });
  started.push(server);
  await waitForReady(server);
  return server;
}

beforeAll(async () => {
  database = await createTestDatabase();
  ctx = { ...connectDatabase(database.url, 2), clock: systemClock, sessionSecret: SESSION_SECRET };
  dataDir = await mkdtemp(path.join(tmpdir(), 'conduit-live-'));
  [apiA, apiB, worker] = await Promise.all([startServer('api'), startServer('api'), startServer('worker')]);
}, 120_000);

afterAll(async () => {
  await Promise.all(started.map((server) => stopProcess(server, 'SIGKILL')));
  await ctx?.pool.end();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function startVideo(server: ServerProcess, key: string, prompt: string): Promise<string> {
  const response = await fetch(`${server.url}/api/provider/video`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { taskId: string } }).data.taskId;
}

const taskIdOf = (event: ReceivedEvent) => (event.data as { taskId: string }).taskId;
const is = (taskId: string, status: string) => (event: ReceivedEvent) =>
  event.event === 'task' &&
  taskIdOf(event) === taskId &&
  (event.data as { status: string }).status === status;

describe('live task events across processes', () => {
  it('a call made on API process A and settled by the worker reaches a stream on API process B, and only its owner', async () => {
    const ada = await createPaidAccount(ctx, { credits: 50 });
    const bob = await createPaidAccount(ctx, { credits: 50 });
    const adaStream = await openEventStream(apiB.url, await sessionCookieFor(ctx, ada.userId));
    const bobStream = await openEventStream(apiA.url, await sessionCookieFor(ctx, bob.userId));
    expect([adaStream.status, bobStream.status]).toEqual([200, 200]);

    const done = await startVideo(apiA, ada.key, 'a lighthouse at dusk');
    const failed = await startVideo(apiA, ada.key, 'a storm at sea [fail]');
    await adaStream.waitFor(is(done, 'processing'));
    expect((await adaStream.waitFor(is(done, 'completed'), 60_000)).data).toEqual({
      taskId: done,
      service: 'video',
      status: 'completed',
    });
    expect((await adaStream.waitFor(is(failed, 'failed'), 60_000)).data).toMatchObject({
      taskId: failed,
      status: 'failed',
      error: expect.any(String),
    });
    // The worker settled them: the API processes run no task pump.
    const { rows } = await ctx.pool.query('select status from tasks where id = $1', [done]);
    expect(rows[0]?.status).toBe('completed');

    const bobTask = await startVideo(apiB, bob.key, 'a quiet lake');
    await bobStream.waitFor(is(bobTask, 'completed'), 60_000);
    expect(new Set(bobStream.events.map(taskIdOf))).toEqual(new Set([bobTask]));
    expect(adaStream.events.map(taskIdOf)).not.toContain(bobTask);
    adaStream.close();
    bobStream.close();
  }, 90_000);

  it('SIGTERM to an API process with open streams ends them and exits cleanly, without waiting on them', async () => {
    const ada = await createPaidAccount(ctx);
    const own = await startServer('api');
    const stream = await openEventStream(own.url, await sessionCookieFor(ctx, ada.userId));
    expect(stream.status).toBe(200);
    const startedAt = Date.now();
    expect(await stopProcess(own, 'SIGTERM')).toEqual({ code: 0, signal: null });
    await stream.ended;
    // The grace period for other open connections is 2 s; the shutdown deadline is 25 s.
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(worker.child.exitCode).toBeNull();
  }, 60_000);
});
