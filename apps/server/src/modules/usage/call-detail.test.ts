import { CALL_TEXTS, CallDetail, callDetailPath } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { createPaidAccount, ledgerCheck, sessionCookieFor } from '../../../test/paid-account.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';

const runtime = useTestRuntime({}, { engine: createScriptedEngine() });

async function signedInAccount(credits = 100) {
  const account = await createPaidAccount(runtime.services, { credits });
  const cookie = await sessionCookieFor(runtime.services, account.userId);
  const paid = async (url: string, payload: object) =>
    (
      await runtime.app.inject({ method: 'POST', url, headers: { 'x-api-key': account.key }, payload })
    ).json();
  const detail = (taskId: string) =>
    runtime.app.inject({ method: 'GET', url: callDetailPath(taskId), headers: { cookie } });
  /** The call's detail once it has settled (async calls settle on the task pump). */
  const settledDetail = async (taskId: string) => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const answer = await detail(taskId);
      if (answer.json().status !== 'processing') return answer;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`task ${taskId} never settled`);
  };
  return { ...account, cookie, paid, detail, settledDetail };
}

const taskIdOf = (answer: { data?: { taskId?: string }; taskId?: string }) =>
  (answer.data?.taskId ?? answer.taskId) as string;

describe('call detail: GET /api/calls/:taskId', () => {
  it("answers an image call: request with defaults, masked key, times, credits and the image's URL", async () => {
    const account = await signedInAccount();
    const call = await account.paid('/api/provider/image', { prompt: 'a red kite', image_size: '16:9' });
    const answer = await account.detail(taskIdOf(call));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const detail = CallDetail.parse(answer.json());
    expect(detail).toMatchObject({
      taskId: taskIdOf(call),
      service: 'image',
      status: 'completed',
      request: { prompt: 'a red kite', image_size: '16:9', output_format: 'png' },
      key: { id: account.keyId, name: 'test key', isDeleted: false },
      creditsCharged: 1,
      creditsRefunded: 0,
      error: null,
      rating: null,
      engine: { name: 'local', isDevelopmentEngine: true },
    });
    expect(detail.key.maskedValue).toBe(`cnd_live_…${account.key.slice(-4)}`);
    expect(answer.body).not.toContain(account.key);
    expect(detail.resultUrls).toEqual(call.data.resultUrls);
    expect(detail.result).toEqual({ resultUrls: call.data.resultUrls });
    expect(detail.completedAt).not.toBeNull();
    expect(detail.durationMs).toBe(Date.parse(detail.completedAt ?? '') - Date.parse(detail.createdAt));
    expect(detail.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('answers video and Sora calls with their videos, and a running call without a result', async () => {
    const account = await signedInAccount();
    const video = await account.paid('/api/provider/video', { prompt: 'a calm sea', aspectRatio: '9:16' });
    const videoDetail = CallDetail.parse((await account.settledDetail(taskIdOf(video))).json());
    expect(videoDetail).toMatchObject({ service: 'video', status: 'completed', creditsCharged: 10 });
    expect(videoDetail.request).toMatchObject({ prompt: 'a calm sea', aspectRatio: '9:16', model: 'fast' });
    expect(videoDetail.result?.videoUrls).toHaveLength(1);
    expect(videoDetail.resultUrls).toEqual(videoDetail.result?.videoUrls);

    const sora = await account.paid('/api/provider/sora-watermark-remover/sync', {
      video_url: 'https://sora.chatgpt.com/p/s_1',
    });
    const soraDetail = CallDetail.parse((await account.detail(taskIdOf(sora))).json());
    expect(soraDetail).toMatchObject({
      service: 'sora',
      status: 'completed',
      resultUrls: sora.data.videoUrls,
    });

    const running = await account.paid('/api/provider/video', { prompt: 'pending for ever' });
    const runningDetail = CallDetail.parse((await account.detail(taskIdOf(running))).json());
    expect(runningDetail).toMatchObject({
      status: 'processing',
      completedAt: null,
      durationMs: null,
      result: null,
      resultUrls: [],
    });
  });

  it('answers a LinkedIn call with the profile, the posts and the pagination token', async () => {
    const account = await signedInAccount();
    const call = await account.paid('/api/provider/linkedin', { username: 'ada', limit: 2 });
    const detail = CallDetail.parse((await account.detail(taskIdOf(call))).json());
    expect(detail).toMatchObject({
      service: 'linkedin',
      status: 'completed',
      request: { username: 'ada', limit: 2, page_number: 1 },
      creditsCharged: 2,
      resultUrls: [],
      result: { profile: { username: 'ada', name: 'Test Person' }, pagination_token: 'next-page' },
    });
    expect(detail.result?.posts?.map((post) => post.text)).toEqual(['Post 0', 'Post 1']);
  });

  it('answers a failed call with its reason, refunded, and a deleted key as deleted', async () => {
    const account = await signedInAccount(10);
    const failed = await account.paid('/api/provider/image', { prompt: 'fail this one' });
    await runtime.services.pool.query('update api_keys set deleted_at = now() where id = $1', [
      account.keyId,
    ]);
    const detail = CallDetail.parse((await account.detail(taskIdOf(failed))).json());
    expect(detail).toMatchObject({
      status: 'failed',
      creditsCharged: 1,
      creditsRefunded: 1,
      error: 'The model refused the prompt',
      result: null,
      resultUrls: [],
      key: { isDeleted: true },
    });
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 10, sum: 10 });
  });

  it("is 404 for another account's call and for unknown ids, 401 signed out", async () => {
    const owner = await signedInAccount();
    const call = await owner.paid('/api/provider/image', { prompt: 'mine' });
    const stranger = await signedInAccount();
    for (const taskId of [taskIdOf(call), 'task_doesnotexist00', 'nothing']) {
      const answer = await stranger.detail(taskId);
      expect(answer.statusCode, taskId).toBe(404);
      expect(answer.json()).toMatchObject({ error: CALL_TEXTS.notFound, code: 'NOT_FOUND' });
    }
    const signedOut = await runtime.app.inject({ method: 'GET', url: callDetailPath(taskIdOf(call)) });
    expect(signedOut.statusCode).toBe(401);
    // No id of ours is that long: the router answers 404 before the route runs.
    expect((await owner.detail('x'.repeat(101))).statusCode).toBe(404);
  });
});
