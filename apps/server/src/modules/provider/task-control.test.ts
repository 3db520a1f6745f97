import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import {
  createPaidAccount,
  ledgerCheck,
  type PaidAccount,
  sessionCookieFor,
} from '../../../test/paid-account.ts';
import { useScriptedRuntime } from '../../../test/test-runtime.ts';

// The scripted engine: `unavailable` in a prompt never starts upstream, `pending` never finishes;
// it cannot stop a started job (no cancelJob), as kie.ai cannot.
const { engine, runtime } = useScriptedRuntime();

interface Answer {
  success: boolean;
  code?: string;
  field?: string;
  taskStatus?: string;
  nextCursor?: string | null;
  data: Record<string, unknown> & {
    taskId: string;
    status: string;
    creditsRefunded: number;
    outcome?: string;
  };
}
const call = (method: 'GET' | 'POST', url: string, key: string, payload?: unknown, headers = {}) =>
  runtime.app.inject({ method, url, payload: payload as object, headers: { 'x-api-key': key, ...headers } });
const json = (response: LightMyRequestResponse) => response.json() as Answer;
const idsOf = (response: LightMyRequestResponse) =>
  (response.json() as { data: Array<{ taskId: string }> }).data.map((task) => task.taskId);
const video = (account: PaidAccount, prompt: string, headers: Record<string, string> = {}) =>
  call('POST', '/api/provider/video', account.key, { prompt }, headers);
const ledgerOf = (account: PaidAccount) => ledgerCheck(runtime.services, account.workspaceId);
const refundsOf = async (taskId: string) =>
  (
    await runtime.services.pool.query(
      "select count(*)::int as n from credit_entries where reason = 'refund' and reference = $1",
      [taskId],
    )
  ).rows[0].n as number;
const statusOf = async (account: PaidAccount, taskId: string) =>
  json(await call('GET', `/api/provider/tasks/${taskId}`, account.key)).data;

describe('the task list and one task of any service', () => {
  it('lists the workspace tasks newest first, filters by service, status and idempotency_key, pages by cursor', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100 });
    const other = await createPaidAccount(runtime.services, { credits: 100 });
    const ids: string[] = [];
    for (const prompt of ['one', 'two', 'three'])
      ids.push(json(await video(account, `${prompt} pending`)).data.taskId);
    const image = json(await call('POST', '/api/provider/image', account.key, { prompt: 'a fox' })).data
      .taskId;
    const keyed = json(
      await call(
        'POST',
        '/api/provider/sora-watermark-remover',
        account.key,
        {
          video_url: 'https://sora.chatgpt.com/p/s_9 pending',
        },
        { 'idempotency-key': 'order-77' },
      ),
    ).data.taskId;
    await video(other, 'not yours pending');

    const allResponse = await call('GET', '/api/provider/tasks?limit=10', account.key);
    const all = json(allResponse);
    expect(idsOf(allResponse)).toEqual([keyed, image, ...[...ids].reverse()]);
    expect((all.data as unknown as unknown[])[0]).toMatchObject({
      service: 'sora',
      status: 'processing',
      deadlineAt: expect.any(String),
    });
    expect(all.nextCursor).toBeNull();

    const newestVideos = [...ids].reverse();
    const videos = await call('GET', '/api/provider/tasks?service=video&limit=2', account.key);
    expect(idsOf(videos)).toEqual(newestVideos.slice(0, 2));
    const rest = await call(
      'GET',
      `/api/provider/tasks?service=video&limit=2&cursor=${json(videos).nextCursor}`,
      account.key,
    );
    expect(idsOf(rest)).toEqual(newestVideos.slice(2));
    expect(json(rest).nextCursor).toBeNull();

    expect(idsOf(await call('GET', '/api/provider/tasks?status=completed', account.key))).toEqual([image]);
    expect(idsOf(await call('GET', '/api/provider/tasks?idempotency_key=order-77', account.key))).toEqual([
      keyed,
    ]);

    const bad = await call('GET', '/api/provider/tasks?status=done', account.key);
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'status' });
    expect((await call('GET', '/api/provider/tasks?cursor=nope', account.key)).statusCode).toBe(400);

    expect(await statusOf(account, image)).toMatchObject({
      taskId: image,
      service: 'image',
      status: 'completed',
    });
    expect((await call('GET', `/api/provider/tasks/${image}`, other.key)).statusCode).toBe(404);
  });
});

describe('cancel', () => {
  it('not started upstream: canceled with a full refund, once; a second cancel is a 409 with the status', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 30 });
    const { taskId } = json(await video(account, 'unavailable for now')).data;
    const response = await call('POST', `/api/provider/tasks/${taskId}/cancel`, account.key);
    expect(response.statusCode).toBe(200);
    expect(json(response).data).toMatchObject({
      taskId,
      status: 'canceled',
      outcome: 'canceled',
      creditsRefunded: 10,
    });
    expect(await ledgerOf(account)).toEqual({ balance: 30, sum: 30 });

    const again = await call('POST', `/api/provider/tasks/${taskId}/cancel`, account.key);
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ code: 'CONFLICT', taskStatus: 'canceled', taskId });
    expect(await statusOf(account, taskId)).toMatchObject({
      status: 'canceled',
      creditsUsed: 0,
      creditsRefunded: 10,
    });
    // It is never tried again: the pump leaves a settled task alone (other tests' tasks may start meanwhile).
    const attempts = engine.attempts.get(taskId);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(engine.attempts.get(taskId)).toBe(attempts);
    expect(await refundsOf(taskId)).toBe(1);
  });

  it('50 parallel cancels refund once: one answers canceled, the others 409', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 10, tier: 'enterprise' });
    const { taskId } = json(await video(account, 'unavailable today')).data;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', `/api/provider/tasks/${taskId}/cancel`, account.key)),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    expect(await refundsOf(taskId)).toBe(1);
    expect(await ledgerOf(account)).toEqual({ balance: 10, sum: 10 });
  });

  it('started upstream that cannot stop it: by default it continues, charged, and the answer says so', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 10 });
    const { taskId } = json(await video(account, 'pending forever')).data;
    await eventually(
      () => statusOf(account, taskId),
      () => engine.starts > 0,
      5_000,
    );
    await eventually(
      async () =>
        (await runtime.services.pool.query('select upstream_id from tasks where id = $1', [taskId])).rows[0],
      (row) => row.upstream_id !== null,
    );
    const response = await call('POST', `/api/provider/tasks/${taskId}/cancel`, account.key);
    expect(json(response).data).toMatchObject({
      status: 'processing',
      outcome: 'continues',
      creditsRefunded: 0,
    });
    expect(json(response).data.message).toMatch(/cannot stop/);
    expect(await refundsOf(taskId)).toBe(0);
    expect(await ledgerOf(account)).toEqual({ balance: 0, sum: 0 });
  });

  it('cancels of another workspace or of no task are 404s', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 10 });
    const other = await createPaidAccount(runtime.services, { credits: 10 });
    const { taskId } = json(await video(account, 'unavailable again')).data;
    expect((await call('POST', `/api/provider/tasks/${taskId}/cancel`, other.key)).statusCode).toBe(404);
    expect((await call('POST', '/api/provider/tasks/task_nope/cancel', account.key)).statusCode).toBe(404);
    expect(await statusOf(account, taskId)).toMatchObject({ status: 'processing' });
  });
});

describe('Cancel-After', () => {
  it('aborts a task not started by then, refunded in full, never started upstream', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 10 });
    const { taskId } = json(await video(account, 'unavailable upstream', { 'cancel-after': '1s' })).data;
    const task = await eventually(
      () => statusOf(account, taskId),
      (data) => data.status !== 'processing',
    );
    expect(task).toMatchObject({ status: 'aborted', creditsRefunded: 10, creditsUsed: 0 });
    expect(task.error).toMatch(/Cancel-After/);
    expect(await ledgerOf(account)).toEqual({ balance: 10, sum: 10 });
    expect(await refundsOf(taskId)).toBe(1);
  });

  it('refuses a bad value with 400 naming the header; nothing charged', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 10 });
    for (const value of ['soon', '0s', '2h', '-5']) {
      const response = await video(account, 'a river', { 'cancel-after': value });
      expect(response.statusCode, value).toBe(400);
      expect(json(response)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'Cancel-After' });
    }
    expect(await ledgerOf(account)).toEqual({ balance: 10, sum: 10 });
    expect(json(await video(account, 'a river', { 'cancel-after': '2m' })).data.status).toBe('processing');
  });
});

describe('Prefer: wait and the paid headers', () => {
  it('answers the settled task within the wait, else the task as it stands', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 30 });
    const done = await video(account, 'a quick one', { prefer: 'wait=20' });
    expect(done.statusCode).toBe(200);
    expect(done.headers['preference-applied']).toBe('wait=20');
    expect(json(done).data).toMatchObject({ status: 'completed', videoUrls: [expect.any(String)] });

    const startedAt = Date.now();
    const running = await video(account, 'a pending one', { prefer: 'respond-async, wait=1' });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
    expect(json(running).data).toMatchObject({
      status: 'processing',
      taskId: expect.stringMatching(/^task_/),
    });

    for (const value of ['wait=61', 'wait=0', 'wait=soon']) {
      const refused = await video(account, 'never charged', { prefer: value });
      expect(refused.statusCode, value).toBe(400);
      expect(json(refused)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'Prefer' });
    }
    expect(await ledgerOf(account)).toEqual({ balance: 10, sum: 10 });
  });

  it('every paid answer says what it charged and what remains; a replay says it is one', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 30 });
    const first = await video(account, 'headers please', { 'idempotency-key': 'h-1' });
    expect(first.headers['x-credits-charged']).toBe('10');
    expect(first.headers['x-credits-remaining']).toBe('20');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(json(first).data).toMatchObject({ creditsCharged: 10, deadlineAt: expect.any(String) });
    const replay = await video(account, 'headers please', { 'idempotency-key': 'h-1' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers['x-credits-charged']).toBe('10');
    expect(replay.headers['x-credits-remaining']).toBe('20');
    expect(json(replay).data.taskId).toBe(json(first).data.taskId);

    const image = await call('POST', '/api/provider/image', account.key, { prompt: 'a fox' });
    expect(image.headers['x-credits-charged']).toBe('1');
    expect(image.headers['x-credits-remaining']).toBe('19');
    const failed = await call('POST', '/api/provider/image', account.key, { prompt: 'please fail' });
    expect(failed.statusCode).toBe(502);
    expect(failed.headers['x-credits-charged']).toBe('1');
    // The headers give back what the body does: charged 1, refunded 1, the net is nothing.
    expect(failed.headers['x-credits-refunded']).toBe('1');
    expect(json(failed)).toMatchObject({ creditsRefunded: 1 });
    expect(failed.headers['x-credits-remaining']).toBe('19');
    expect(image.headers['x-credits-refunded']).toBe('0');
  });

  it('deadlineAt is when the service stops waiting: a task past it fails, refunded', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 10 });
    const { taskId, deadlineAt } = json(await video(account, 'pending till the end')).data;
    const created = new Date(
      json(await call('GET', `/api/provider/tasks/${taskId}`, account.key)).data.timestamp as string,
    );
    expect(new Date(deadlineAt as string).getTime() - created.getTime()).toBeGreaterThan(1_799_000);
    // Bring the deadline to now, as time passing would: the next look fails and refunds the task.
    await runtime.services.pool.query(
      'update tasks set deadline_at = now(), next_check_at = now() where id = $1',
      [taskId],
    );
    const task = await eventually(
      () => statusOf(account, taskId),
      (data) => data.status !== 'processing',
    );
    expect(task).toMatchObject({ status: 'failed', creditsRefunded: 10 });
    expect(await ledgerOf(account)).toEqual({ balance: 10, sum: 10 });
  });
});

describe("the call page's cancel (signed in)", () => {
  it('cancels a not-started call of the workspace with a full refund; another account gets 404, a settled call 409', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 30 });
    const other = await createPaidAccount(runtime.services, { credits: 30 });
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const otherCookie = await sessionCookieFor(runtime.services, other.userId);
    const { taskId } = json(await video(account, 'unavailable this hour')).data;
    const cancelAs = (asCookie: string) =>
      runtime.app.inject({
        method: 'POST',
        url: `/api/calls/${taskId}/cancel`,
        headers: { cookie: asCookie },
      });

    expect((await cancelAs(otherCookie)).statusCode).toBe(404);
    const canceled = await cancelAs(cookie);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({
      taskId,
      status: 'canceled',
      outcome: 'canceled',
      creditsRefunded: 10,
    });
    expect(await ledgerOf(account)).toEqual({ balance: 30, sum: 30 });
    const again = await cancelAs(cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', taskStatus: 'canceled' });
    expect(await refundsOf(taskId)).toBe(1);
  });
});
