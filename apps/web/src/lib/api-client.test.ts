import { API_TIMEOUT_MS, APP_PATHS, appPath, LIVEMODE_HEADER } from '@conduit/contracts';
import { describe, expect, it, vi } from 'vitest';
import { stubFetchResponse } from '../test/render-route.tsx';
import { ApiError, callPath, REQUEST_TIMEOUT_MESSAGE } from './api-client.ts';
import { setViewingTestData, withViewedMode } from './test-data-view.ts';

type Captured = { url: string; init: RequestInit };

function captureFetch(status = 200, body: unknown = { ok: true }) {
  const calls: Captured[] = [];
  const respond = stubFetchResponse(status, body);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return respond();
  });
  return calls;
}

describe('callRoute and callPath', () => {
  it('parses the JSON body of a successful response', async () => {
    captureFetch(200, { user: { email: 'ada@example.com' } });
    await expect(callPath(APP_PATHS.me)).resolves.toEqual({ user: { email: 'ada@example.com' } });
  });

  it('sends cookies and JSON', async () => {
    const calls = captureFetch();
    await callPath(APP_PATHS.createKey, { body: { keyName: 'ci' } });
    const [call] = calls;
    expect(call?.init.credentials).toBe('include');
    expect(call?.init.method).toBe('POST');
    expect(new Headers(call?.init.headers).get('content-type')).toBe('application/json');
    expect(call?.init.body).toBe('{"keyName":"ci"}');
  });

  it('sends Conduit-Livemode: false while test data is viewed, and nothing of the kind otherwise', async () => {
    const calls = captureFetch();
    await callPath(APP_PATHS.usage);
    setViewingTestData(true);
    try {
      await callPath(APP_PATHS.usage);
      expect(withViewedMode('/api/events')).toBe('/api/events?livemode=false');
    } finally {
      setViewingTestData(false);
    }
    expect(new Headers(calls[0]?.init.headers).has(LIVEMODE_HEADER)).toBe(false);
    expect(new Headers(calls[1]?.init.headers).get(LIVEMODE_HEADER)).toBe('false');
    expect(localStorage.getItem('conduit.viewTestData')).toBeNull();
  });

  it("calls a route's filled-in path with its query, and never sends a body with GET", async () => {
    const calls = captureFetch();
    await callPath(APP_PATHS.teamAuditLog, {
      path: appPath('teamAuditLog', { teamId: 'team a/b' }),
      query: new URLSearchParams({ limit: '20' }),
      body: { ignored: true },
    });
    expect(calls[0]?.url).toBe('/api/teams/team%20a%2Fb/audit-log?limit=20');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('sends no JSON content type without a body (an empty JSON body is a 400)', async () => {
    const calls = captureFetch();
    await callPath(APP_PATHS.logout);
    expect(new Headers(calls[0]?.init.headers).has('content-type')).toBe(false);
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('sends a body with delete', async () => {
    const calls = captureFetch();
    await callPath(APP_PATHS.deleteAccount, { body: { password: 'secret1' } });
    expect(calls[0]?.init.method).toBe('DELETE');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ password: 'secret1' });
  });

  it("throws ApiError with the response's error field, status and data", async () => {
    captureFetch(409, { error: 'User already exists', code: 'CONFLICT' });
    const error = await callPath(APP_PATHS.register, { body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'User already exists',
      status: 409,
      data: { error: 'User already exists', code: 'CONFLICT' },
    });
  });

  it('falls back to "HTTP error! status: N" without an error field', async () => {
    captureFetch(500, { detail: 'boom' });
    await expect(callPath(APP_PATHS.dashboard)).rejects.toThrow('HTTP error! status: 500');
  });

  it('aborts the request after the 30-second timeout', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      signal = init.signal ?? undefined;
      return new Promise((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    });
    const pending = callPath(APP_PATHS.dashboard).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    expect(await pending).toMatchObject({ name: 'ApiError', message: REQUEST_TIMEOUT_MESSAGE, status: 0 });
  });
});
