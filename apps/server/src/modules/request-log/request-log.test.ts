import { appPath, ERROR_CODES, type RequestLogItem } from '@conduit/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { addKey, createPaidAccount, type PaidAccount, sessionCookieFor } from '../../../test/paid-account.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';

/*
 * The request log through the routes: refused calls are recorded with their codes, the key's own
 * API and the Logs page's routes filter and page it. Each test has its own account, so its rows
 * are its own.
 */
const runtime = useTestRuntime();

const VIDEO = { prompt: 'a fox running' };
const post = (key: string, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  runtime.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'x-api-key': key, ...headers },
  });
const flush = () => runtime.app.requestLog?.flush();
const keyPage = async (key: string, query = '') => {
  await flush();
  const answer = await runtime.app.inject({
    url: `/api/provider/requests${query}`,
    headers: { 'x-api-key': key },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { success: true; data: RequestLogItem[]; nextCursor: string | null };
};
async function appPage(account: PaidAccount, query = '') {
  await flush();
  const cookie = await sessionCookieFor(runtime.services, account.userId);
  return runtime.app.inject({ url: `${appPath('requestLog')}${query}`, headers: { cookie } });
}
const codeOf = (response: LightMyRequestResponse) => (response.json() as { code: string }).code;

describe('request log: refused calls', () => {
  it('records 402, 403, 400 and a 401 of a deleted key, each with its code, message and key', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 0, tier: 'enterprise' });
    const cookie = await sessionCookieFor(runtime.services, account.userId);

    const noCredits = await post(account.key, '/api/provider/video', VIDEO, {
      'x-request-id': 'req-402-test',
    });
    expect(noCredits.statusCode).toBe(402);
    const badBody = await post(account.key, '/api/provider/video', { prompt: '' });
    expect(badBody.statusCode).toBe(400);
    const scoped = await runtime.app.inject({
      method: 'PATCH',
      url: appPath('updateKey', { id: account.keyId }),
      headers: { cookie, 'x-requested-with': 'conduit' },
      payload: { permissions: { video: false } },
    });
    expect(scoped.statusCode, scoped.body).toBe(200);
    const notAllowed = await post(account.key, '/api/provider/video', VIDEO);
    expect(notAllowed.statusCode).toBe(403);
    // A second key, revoked and sent as a Bearer token: the gateway no longer knows it, the log still does.
    const other = await addKey(runtime.services, account);
    const deleted = await runtime.app.inject({
      method: 'DELETE',
      url: appPath('deleteKey', { id: other.keyId }),
      headers: { cookie, 'x-requested-with': 'conduit' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const revoked = await runtime.app.inject({
      method: 'POST',
      url: '/api/provider/video',
      payload: VIDEO,
      headers: { authorization: `Bearer ${other.key}` },
    });
    expect(revoked.statusCode).toBe(401);
    // A key nobody has: no workspace to log it under.
    await post('cnd_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '/api/provider/video', VIDEO);

    const answer = await appPage(account);
    expect(answer.statusCode, answer.body).toBe(200);
    const items = (answer.json() as { items: RequestLogItem[] }).items;
    expect(items.map((item) => [item.status, item.code])).toEqual([
      [401, codeOf(revoked)],
      [403, ERROR_CODES.KEY_SCOPE],
      [400, ERROR_CODES.VALIDATION_FAILED],
      [402, ERROR_CODES.INSUFFICIENT_CREDITS],
    ]);
    const [first, , , last] = items;
    expect(first).toMatchObject({
      keyId: other.keyId,
      keyName: 'another key',
      error: 'Invalid or revoked API key',
    });
    expect(last).toMatchObject({
      requestId: 'req-402-test',
      method: 'POST',
      endpoint: '/api/provider/video',
      service: 'video',
      error: (noCredits.json() as { error: string }).error,
      keyId: account.keyId,
      keyName: 'test key',
      taskId: null,
      ip: '127.0.0.1',
    });
    expect(last?.durationMs).toBeGreaterThan(0);
    expect(items.every((item) => item.requestId)).toBe(true);
  });

  it('records accepted calls with their task, and status reads with the task they name', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100, tier: 'enterprise' });
    const created = await post(account.key, '/api/provider/video', VIDEO);
    expect(created.statusCode).toBe(200);
    const { taskId } = (created.json() as { data: { taskId: string } }).data;
    const status = await runtime.app.inject({
      url: `/api/provider/video/status/${taskId}`,
      headers: { 'x-api-key': account.key },
    });
    expect(status.statusCode).toBe(200);
    const missing = await runtime.app.inject({
      url: '/api/provider/image/status/task_nope',
      headers: { 'x-api-key': account.key },
    });
    expect(missing.statusCode).toBe(404);

    const page = await keyPage(account.key);
    expect(page.data.map((item) => [item.endpoint, item.status, item.taskId])).toEqual([
      ['/api/provider/image/status/:taskId', 404, 'task_nope'],
      ['/api/provider/video/status/:taskId', 200, taskId],
      ['/api/provider/video', 200, taskId],
    ]);
    // Searching the task id on the Logs page finds the call and the read, not the 404.
    const search = await appPage(account, `?q=${taskId}`);
    expect((search.json() as { items: RequestLogItem[] }).items).toHaveLength(2);
  });
});

describe('request log: filters and pages', () => {
  it('filters by status, class, code, key, service and date, and pages newest first', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 20, tier: 'enterprise' });
    for (let i = 0; i < 2; i += 1)
      expect((await post(account.key, '/api/provider/video', VIDEO)).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1)
      expect((await post(account.key, '/api/provider/video', VIDEO)).statusCode).toBe(402);
    expect((await post(account.key, '/api/provider/image', { prompt: '' })).statusCode).toBe(400);

    expect((await keyPage(account.key, '?status=402')).data).toHaveLength(3);
    expect((await keyPage(account.key, '?status=4xx')).data).toHaveLength(4);
    // The list's own reads are requests too: the 2xx page holds the two calls and those reads.
    const accepted = (await keyPage(account.key, '?status=2xx')).data;
    expect(accepted.every((item) => item.status === 200)).toBe(true);
    expect(accepted.filter((item) => item.endpoint === '/api/provider/video')).toHaveLength(2);
    expect(accepted.filter((item) => item.endpoint === '/api/provider/requests')).toHaveLength(2);
    expect((await keyPage(account.key, `?code=${ERROR_CODES.VALIDATION_FAILED}`)).data).toHaveLength(1);
    const calls = '&code=INSUFFICIENT_CREDITS';
    const first = await keyPage(account.key, `?limit=2${calls}`);
    expect(first.data).toHaveLength(2);
    const second = await keyPage(account.key, `?limit=2${calls}&cursor=${first.nextCursor}`);
    expect(second.data).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const times = [...first.data, ...second.data].map((item) => item.at);
    expect(times).toEqual([...times].sort().reverse());

    const items = async (query: string) => {
      const answer = await appPage(account, query);
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json() as { items: RequestLogItem[] }).items;
    };
    expect(await items('?service=image')).toHaveLength(1);
    expect(await items('?statusClass=5xx')).toHaveLength(0);
    expect(await items(`?keyId=${account.keyId}&statusClass=2xx&service=video`)).toHaveLength(2);
    expect(await items('?keyId=key_other')).toHaveLength(0);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(await items(`?from=${future}`)).toHaveLength(0);
    expect((await items(`?to=${future}&service=video`)).length).toBe(5);

    const refused = await runtime.app.inject({
      url: '/api/provider/requests?status=999&limit=0',
      headers: { 'x-api-key': account.key },
    });
    expect(refused.statusCode).toBe(400);
    const foreignCursor = Buffer.from('2026-01-01 00:00:00|task_x').toString('base64url');
    const badCursor = await keyPage(account.key).then(() =>
      runtime.app.inject({
        url: `/api/provider/requests?cursor=${foreignCursor}`,
        headers: { 'x-api-key': account.key },
      }),
    );
    expect(badCursor.statusCode).toBe(400);
  });

  it("a key sees only its own workspace's requests", async () => {
    const mine = await createPaidAccount(runtime.services, { credits: 0 });
    const theirs = await createPaidAccount(runtime.services, { credits: 0 });
    await post(theirs.key, '/api/provider/video', VIDEO);
    await post(mine.key, '/api/provider/video', VIDEO);
    const page = await keyPage(mine.key, '?status=402');
    expect(page.data.map((item) => item.keyId)).toEqual([mine.keyId]);
  });

  it('exports the filtered log as CSV', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 0 });
    await post(account.key, '/api/provider/video', VIDEO, { 'x-request-id': 'req-csv-1' });
    await post(account.key, '/api/provider/image', { prompt: '=cmd' });
    await flush();
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const csv = await runtime.app.inject({
      url: `${appPath('requestLogCsv')}?statusClass=4xx&service=video`,
      headers: { cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'time,request_id,method,endpoint,service,status,error_code,error,duration_ms,task_id,key_name,ip,metadata',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',req-csv-1,POST,/api/provider/video,video,402,INSUFFICIENT_CREDITS,');
  });
});
