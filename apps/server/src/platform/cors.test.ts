import { describe, expect, it } from 'vitest';
import { createPaidAccount, ledgerCheck, sessionCookieFor } from '../../test/paid-account.ts';
import { createScriptedEngine } from '../../test/scripted-engine.ts';
import { useTestRuntime } from '../../test/test-runtime.ts';

const OTHER_ORIGIN = 'https://someone-else.example';

describe('CORS: the public API for every origin, the cookie API for none', () => {
  const runtime = useTestRuntime({}, { engine: createScriptedEngine() });

  it('answers a preflight of the public API with its methods and headers, never credentials', async () => {
    const response = await runtime.app.inject({
      method: 'OPTIONS',
      url: '/api/provider/image',
      headers: {
        origin: OTHER_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-api-key, content-type, idempotency-key',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-methods']).toBe('GET, POST, OPTIONS');
    const allowed = String(response.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(
      expect.arrayContaining(['x-api-key', 'content-type', 'idempotency-key', 'conduit-version']),
    );
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    const status = await runtime.app.inject({
      method: 'OPTIONS',
      url: '/api/provider/video/status/task_x',
      headers: { origin: OTHER_ORIGIN, 'access-control-request-method': 'GET' },
    });
    expect(status.statusCode).toBe(204);
  });

  it('lets another origin call with a key and read the rate-limit, request-id, version and credit headers', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 5 });
    const response = await runtime.app.inject({
      method: 'POST',
      url: '/api/provider/image',
      headers: { origin: OTHER_ORIGIN, 'x-api-key': account.key },
      payload: { prompt: 'a cross-origin lighthouse' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const exposed = String(response.headers['access-control-expose-headers']).toLowerCase().split(/,\s*/);
    expect(exposed).toEqual([
      'ratelimit',
      'ratelimit-policy',
      'retry-after',
      'x-request-id',
      'conduit-version',
      'x-credits-charged',
      'x-credits-refunded',
      'x-credits-remaining',
      'idempotent-replayed',
    ]);
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 4, sum: 4 });
    const unauthorised = await runtime.app.inject({
      method: 'GET',
      url: '/api/provider/me',
      headers: { origin: OTHER_ORIGIN },
    });
    expect(unauthorised.statusCode).toBe(401);
    // Errors must be readable by the calling page too.
    expect(unauthorised.headers['access-control-allow-origin']).toBe('*');
  });

  it('serves the public OpenAPI document to any origin', async () => {
    const response = await runtime.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { origin: OTHER_ORIGIN },
    });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('sends no CORS header on the cookie API, not even to a preflight', async () => {
    const account = await createPaidAccount(runtime.services);
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const answers = await Promise.all([
      runtime.app.inject({ method: 'GET', url: '/api/credits', headers: { origin: OTHER_ORIGIN, cookie } }),
      runtime.app.inject({ method: 'GET', url: '/api/auth/me', headers: { origin: OTHER_ORIGIN, cookie } }),
      runtime.app.inject({
        method: 'OPTIONS',
        url: '/api/keys',
        headers: { origin: OTHER_ORIGIN, 'access-control-request-method': 'POST' },
      }),
      runtime.app.inject({
        method: 'OPTIONS',
        url: '/api/auth/login',
        headers: { origin: OTHER_ORIGIN, 'access-control-request-method': 'POST' },
      }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 404, 404]);
    for (const answer of answers) {
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
      expect(answer.headers['access-control-allow-methods']).toBeUndefined();
    }
  });

  it('refuses a cross-origin state change with the session cookie, and changes nothing', async () => {
    const account = await createPaidAccount(runtime.services);
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const attempts = [
      { origin: OTHER_ORIGIN },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      { origin: `${runtime.services.config.PUBLIC_URL}.evil.example` },
    ];
    for (const headers of attempts) {
      const response = await runtime.app.inject({
        method: 'POST',
        url: '/api/keys',
        headers: { ...headers, cookie },
        payload: { keyName: 'forged' },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN', requestId: expect.any(String) });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
    const keys = await runtime.app.inject({ method: 'GET', url: '/api/keys', headers: { cookie } });
    expect(keys.json().keys.map((k: { keyName: string }) => k.keyName)).toEqual(['test key']);
    const sameOrigin = await runtime.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { origin: runtime.services.config.PUBLIC_URL, cookie },
      payload: { keyName: 'mine' },
    });
    expect(sameOrigin.statusCode).toBe(201);
  });
});
