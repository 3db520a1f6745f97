import { appPath, ERROR_CODES } from '@conduit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream-client.ts';
import { addKey, createPaidAccount, type PaidAccount, sessionCookieFor } from '../../../test/paid-account.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { listenLocally, useTestRuntime } from '../../../test/test-runtime.ts';

/*
 * A key's permissions cover what it may read and cancel as well as call: a key limited to
 * LinkedIn sees no image task (list, status, events, stream), cancels no video of another key,
 * and reads neither the signing secret nor the delivery log, which concern every service.
 */
const runtime = useTestRuntime({}, { engine: createScriptedEngine() });
let baseUrl: string;
beforeAll(async () => {
  baseUrl = await listenLocally(runtime);
});

const withKey = (key: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  runtime.app.inject({
    method,
    url,
    headers: { 'x-api-key': key },
    ...(payload !== undefined && { payload: payload as object }),
  });

/** Narrows the account's key `keyId` to LinkedIn alone, as its owner does in the dashboard. */
async function limitToLinkedin(account: PaidAccount, keyId: string) {
  const cookie = await sessionCookieFor(runtime.services, account.userId);
  const edited = await runtime.app.inject({
    method: 'PATCH',
    url: appPath('updateKey', { id: keyId }),
    headers: { cookie, 'x-requested-with': 'conduit' },
    payload: { permissions: { image: false, video: false, sora: false, linkedin: true } },
  });
  expect(edited.statusCode, edited.body).toBe(200);
}

async function limitedKeyOf(account: PaidAccount) {
  const limited = await addKey(runtime.services, account);
  await limitToLinkedin(account, limited.keyId);
  return limited.key;
}

describe('a key limited to one service', () => {
  it('neither lists, reads, streams nor cancels another service’s tasks, nor reads the secret', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100 });
    const linkedinOnly = await limitedKeyOf(account);
    const stream = await openEventStream(baseUrl, undefined, { 'x-api-key': linkedinOnly });
    expect(stream.status).toBe(200);
    const video = await withKey(account.key, 'POST', '/api/provider/video', { prompt: 'a fox running' });
    expect(video.statusCode, video.body).toBe(200);
    const videoId: string = video.json().data.taskId;
    const linkedin = await withKey(linkedinOnly, 'POST', '/api/provider/linkedin', {
      username: 'ada',
      limit: 1,
    });
    expect(linkedin.statusCode, linkedin.body).toBe(200);

    const list = await withKey(linkedinOnly, 'GET', '/api/provider/tasks');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((task: { service: string }) => task.service)).toEqual(['linkedin']);
    const scoped = [
      await withKey(linkedinOnly, 'GET', '/api/provider/tasks?service=video'),
      await withKey(linkedinOnly, 'GET', `/api/provider/tasks/${videoId}`),
      await withKey(linkedinOnly, 'GET', `/api/provider/video/status/${videoId}`),
      await withKey(linkedinOnly, 'POST', `/api/provider/tasks/${videoId}/cancel`),
    ];
    for (const refused of scoped) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().code).toBe(ERROR_CODES.KEY_SCOPE);
    }
    // The video was not canceled; its own key still reads it.
    const status = await withKey(account.key, 'GET', `/api/provider/tasks/${videoId}`);
    expect(status.json().data.status).not.toBe('canceled');

    const events = await withKey(linkedinOnly, 'GET', '/api/provider/events');
    expect(events.statusCode).toBe(200);
    const services = events.json().data.map((event: { data: { service?: string } }) => event.data.service);
    expect(services.length).toBeGreaterThan(0);
    expect(services.every((service: string | undefined) => service === 'linkedin')).toBe(true);
    const fullEvents = await withKey(account.key, 'GET', '/api/provider/events');
    expect(
      fullEvents.json().data.some((event: { data: { service?: string } }) => event.data.service === 'video'),
    ).toBe(true);

    await runtime.app.requestLog?.flush();
    const logged = await withKey(linkedinOnly, 'GET', '/api/provider/requests?limit=100');
    expect(logged.statusCode).toBe(200);
    expect(
      logged
        .json()
        .data.map((row: { service: string | null }) => row.service)
        .filter(Boolean),
    ).not.toContain('video');
    for (const url of [appPath('webhookSecret'), appPath('webhookDeliveries')]) {
      const refused = await withKey(linkedinOnly, 'GET', url);
      expect(refused.statusCode, `${url} ${refused.body}`).toBe(403);
      expect((await withKey(account.key, 'GET', url)).statusCode).toBe(200);
    }

    // The stream had the LinkedIn call's events, and none of the video's.
    await stream.waitFor(
      (event) => (event.data as { taskId?: string }).taskId === linkedin.json().data.taskId,
    );
    expect(stream.events.some((event) => JSON.stringify(event.data).includes(videoId))).toBe(false);
    stream.close();
  });

  it('a key narrowed while its stream is open no longer gets the other services’ events on it', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100 });
    const narrowed = await addKey(runtime.services, account);
    const stream = await openEventStream(baseUrl, undefined, { 'x-api-key': narrowed.key });
    expect(stream.status).toBe(200);
    await limitToLinkedin(account, narrowed.keyId);
    // The change reaches the stream through the keys NOTIFY; then a video and a LinkedIn call.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const video = await withKey(account.key, 'POST', '/api/provider/video', { prompt: 'a fox running' });
    const videoId: string = video.json().data.taskId;
    const linkedin = await withKey(narrowed.key, 'POST', '/api/provider/linkedin', {
      username: 'ada',
      limit: 1,
    });
    await stream.waitFor(
      (event) => (event.data as { taskId?: string }).taskId === linkedin.json().data.taskId,
    );
    expect(stream.events.some((event) => JSON.stringify(event.data).includes(videoId))).toBe(false);
    stream.close();
  });
});
