import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type ReceivedEvent } from './event-stream-client.ts';
import { createPaidAccount, sessionCookieFor } from './paid-account.ts';
import { createProcessSet, type ProcessSet, type ProcessSetContext } from './process-set.ts';
import { type ServerProcess, stopProcess } from './server-processes.ts';

/*
 * Live task status across processes: two API processes and a worker on one database. A call is
 * made through API process A, the worker settles it, and a browser's stream on API process B
 * hears both, through PostgreSQL LISTEN/NOTIFY.
 */
let processes: ProcessSet;
let ctx: ProcessSetContext;
let apiA: ServerProcess;
let apiB: ServerProcess;
let worker: ServerProcess;

beforeAll(async () => {
  processes = await createProcessSet('live', {}, 2);
  ctx = processes.ctx;
  [apiA, apiB, worker] = await Promise.all([
    processes.start('api'),
    processes.start('api'),
    processes.start('worker'),
  ]);
}, 120_000);

afterAll(() => processes?.close());

async function startVideo(server: ServerProcess, key: string, prompt: string): Promise<string> {
  const response = await fetch(`${server.url}/api/provider/video`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { taskId: string } }).data.taskId;
}

/** The task of a live `task` event, or of a webhook event (`task.started`...) the stream also carries. */
const taskIdOf = (event: ReceivedEvent) =>
  event.event === 'task'
    ? (event.data as { taskId: string }).taskId
    : (event.data as { data?: { taskId?: string } }).data?.taskId;
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
    const own = await processes.start('api');
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
