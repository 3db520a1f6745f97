import { SERVICE_COST } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { createPaidAccount, ledgerCheck } from '../../../test/paid-account.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';
import { INVALID_KEY_MESSAGE, MISSING_KEY_MESSAGE } from './authenticate-key.ts';

// `Authorization: Bearer <key>` works wherever X-API-Key does: what OpenAI-style clients,
// Replicate-style SDKs and remote MCP hosts send.
const runtime = useTestRuntime();

const get = (url: string, headers: Record<string, string>) =>
  runtime.app.inject({ method: 'GET', url, headers });

describe('the API key as a Bearer token', () => {
  it('reads the account and pays for calls, once per Idempotency-Key under parallel retries', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 5 });
    const me = await get('/api/provider/me', { authorization: `Bearer ${account.key}` });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.balance).toBe(5);
    expect(String(me.headers.vary)).toMatch(/X-API-Key.*Authorization/);
    // The scheme is case-insensitive (RFC 9110 11.1).
    expect((await get('/api/provider/me', { authorization: `bearer ${account.key}` })).statusCode).toBe(200);

    const calls = await Promise.all(
      Array.from({ length: 6 }, () =>
        runtime.app.inject({
          method: 'POST',
          url: '/api/provider/image',
          headers: { authorization: `Bearer ${account.key}`, 'idempotency-key': 'bearer-once' },
          payload: { prompt: 'a fox by bearer' },
        }),
      ),
    );
    const taskIds = new Set(calls.map((call) => call.json().data?.taskId));
    expect(calls.map((call) => call.statusCode).every((status) => status === 200 || status === 202)).toBe(
      true,
    );
    expect(taskIds.size).toBe(1);
    expect((await ledgerCheck(runtime.services, account.workspaceId)).balance).toBe(5 - SERVICE_COST.image);
  });

  it('refuses a wrong Bearer key, another scheme, and lets X-API-Key win when both are sent', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 1 });
    const wrong = await get('/api/provider/me', { authorization: 'Bearer cnd_live_nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'UNAUTHORIZED', error: INVALID_KEY_MESSAGE });
    const basic = await get('/api/provider/me', { authorization: `Basic ${account.key}` });
    expect(basic.statusCode).toBe(401);
    expect(basic.json().error).toBe(MISSING_KEY_MESSAGE);
    const both = await get('/api/provider/me', {
      'x-api-key': account.key,
      authorization: 'Bearer cnd_live_nope',
    });
    expect(both.statusCode).toBe(200);
  });

  it('lets browsers send it: the preflight allows the Authorization header', async () => {
    const preflight = await runtime.app.inject({
      method: 'OPTIONS',
      url: '/api/provider/image',
      headers: { origin: 'https://app.example', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('Authorization');
  });
});
