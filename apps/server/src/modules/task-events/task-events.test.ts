import { LIVE_STATUS_TEXTS, TASK_EVENTS_ROUTE } from '@conduit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream-client.ts';
import { createPaidAccount, sessionCookieFor } from '../../../test/paid-account.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { createTestRuntime, listenLocally, useTestRuntime } from '../../../test/test-runtime.ts';

const HEARTBEAT_MS = 150;
/** Longer than any test here: a stream that ends did not wait for its heartbeat's session check. */
const SLOW_HEARTBEAT_MS = 60_000;
const runtime = useTestRuntime(
  {},
  { engine: createScriptedEngine(), taskEvents: { heartbeatMs: SLOW_HEARTBEAT_MS, maxStreamsPerUser: 2 } },
);
let baseUrl: string;
beforeAll(async () => {
  baseUrl = await listenLocally(runtime);
});

async function signedInAccount() {
  const account = await createPaidAccount(runtime.services, { credits: 100 });
  const cookie = await sessionCookieFor(runtime.services, account.userId);
  const startVideo = async (prompt: string) => {
    const response = await fetch(`${baseUrl}/api/provider/video`, {
      method: 'POST',
      headers: { 'x-api-key': account.key, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { taskId: string } }).data.taskId;
  };
  return { ...account, cookie, startVideo };
}

const isTask = (taskId: string, status: string) => (event: { event: string; data: unknown }) =>
  event.event === 'task' &&
  (event.data as { taskId: string; status: string }).taskId === taskId &&
  (event.data as { status: string }).status === status;

describe('live task events: GET /api/events', () => {
  it('answers 401 without a session, and opens nothing', async () => {
    const response = await runtime.app.inject({ method: 'GET', url: TASK_EVENTS_ROUTE.path });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
    const stream = await openEventStream(baseUrl, 'conduit_session=not-a-session');
    expect(stream.status).toBe(401);
  });

  it("streams the user's own call as accepted, then completed; another user's stream gets none of it", async () => {
    const ada = await signedInAccount();
    const bob = await signedInAccount();
    const adaStream = await openEventStream(baseUrl, ada.cookie);
    const bobStream = await openEventStream(baseUrl, bob.cookie);
    expect(adaStream.status).toBe(200);

    const taskId = await ada.startVideo('a calm sea');
    expect((await adaStream.waitFor(isTask(taskId, 'processing'))).data).toEqual({
      taskId,
      service: 'video',
      status: 'processing',
    });
    expect((await adaStream.waitFor(isTask(taskId, 'completed'))).data).toEqual({
      taskId,
      service: 'video',
      status: 'completed',
    });
    const bobTask = await bob.startVideo('a quiet lake');
    await bobStream.waitFor(isTask(bobTask, 'completed'));
    await bobStream.waitFor((event) => event.event === 'task.completed');
    // Task events (the page's); the workspace's webhook events come beside them, named by type.
    const taskEvents = bobStream.events.filter((event) => event.event === 'task');
    expect(taskEvents.map((event) => (event.data as { taskId: string }).taskId)).toEqual([bobTask, bobTask]);
    expect(bobStream.events.filter((event) => event.event !== 'task').map((event) => event.event)).toEqual([
      'task.started',
      'task.completed',
    ]);
    expect(adaStream.events.some((event) => (event.data as { taskId: string }).taskId === bobTask)).toBe(
      false,
    );
    adaStream.close();
    bobStream.close();
  });

  it('a failed call arrives with its failure reason', async () => {
    const ada = await signedInAccount();
    const stream = await openEventStream(baseUrl, ada.cookie);
    const taskId = await ada.startVideo('please fail');
    expect((await stream.waitFor(isTask(taskId, 'failed'))).data).toEqual({
      taskId,
      service: 'video',
      status: 'failed',
      error: 'The model refused the prompt',
    });
    stream.close();
  });

  it('holds at most the per-user number of streams', async () => {
    const ada = await signedInAccount();
    const first = await openEventStream(baseUrl, ada.cookie);
    const second = await openEventStream(baseUrl, ada.cookie);
    const third = await openEventStream(baseUrl, ada.cookie);
    expect([first.status, second.status, third.status]).toEqual([200, 200, 429]);
    const refused = await runtime.app.inject({
      method: 'GET',
      url: TASK_EVENTS_ROUTE.path,
      headers: { cookie: ada.cookie },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(LIVE_STATUS_TEXTS.tooManyStreams);

    first.close();
    await first.ended;
    await expect
      .poll(async () => {
        const next = await openEventStream(baseUrl, ada.cookie);
        next.close();
        return next.status;
      })
      .toBe(200);
    second.close();
  });

  it('ends the stream when its session signs out', async () => {
    const ada = await signedInAccount();
    const stream = await openEventStream(baseUrl, ada.cookie);
    const other = await openEventStream(baseUrl, await sessionCookieFor(runtime.services, ada.userId));
    const signedOut = await fetch(`${baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: ada.cookie },
    });
    expect(signedOut.status).toBe(200);
    const startedAt = Date.now();
    await stream.ended;
    // Told through NOTIFY: the heartbeat's own session check is a minute away.
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    // The same account's other session keeps its stream.
    const taskId = await ada.startVideo('a bright morning');
    await other.waitFor(isTask(taskId, 'completed'));
    other.close();
  });
});

describe('live task events: heartbeats and stopping', () => {
  it('sends heartbeat comments, and a stopping process ends its streams instead of waiting for them', async () => {
    const own = await createTestRuntime(
      {},
      { engine: createScriptedEngine(), taskEvents: { heartbeatMs: HEARTBEAT_MS } },
    );
    const ownUrl = await listenLocally(own);
    const account = await createPaidAccount(own.services);
    const stream = await openEventStream(ownUrl, await sessionCookieFor(own.services, account.userId));
    expect(stream.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 3.5));
    expect(stream.comments.filter((comment) => comment === 'heartbeat').length).toBeGreaterThanOrEqual(2);

    const startedAt = Date.now();
    await own.close();
    await stream.ended;
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });
});
