import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidAccount, ledgerCheck, sessionCookieFor } from '../../test/paid-account.ts';
import { createScriptedEngine } from '../../test/scripted-engine.ts';
import { createTestRuntime, type TestRuntime } from '../../test/test-runtime.ts';
import { BODY_LIMIT_BYTES } from '../app.ts';

describe('body size limit', () => {
  let runtime: TestRuntime;
  let engine: ReturnType<typeof createScriptedEngine>;
  beforeAll(async () => {
    engine = createScriptedEngine();
    runtime = await createTestRuntime({}, { engine });
  });
  afterAll(() => runtime.close());

  const oversizedJson = JSON.stringify({ prompt: 'x'.repeat(BODY_LIMIT_BYTES) });

  it('answers 413 in the error shape for an oversized paid call, before any work or charge', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 20 });
    for (const contentType of [
      'application/json',
      'text/plain',
      'application/octet-stream',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await runtime.app.inject({
        method: 'POST',
        url: '/api/provider/image',
        headers: { 'x-api-key': account.key, 'content-type': contentType },
        payload: oversizedJson,
      });
      expect(response.statusCode, contentType).toBe(413);
      expect(response.json()).toEqual({
        success: false,
        error: expect.stringMatching(/too large/),
        code: 'PAYLOAD_TOO_LARGE',
        requestId: expect.any(String),
      });
    }
    expect(engine.starts).toBe(0);
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 20, sum: 20 });
    const tasks = await runtime.services.pool.query(
      'select count(*)::int as n from tasks where workspace_id = $1',
      [account.userId],
    );
    expect(tasks.rows[0].n).toBe(0);
  });

  it('answers 413 on the cookie API and the public forms, whatever the content type', async () => {
    const account = await createPaidAccount(runtime.services);
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    for (const [url, headers] of [
      ['/api/keys', { cookie }],
      ['/api/support', { cookie }],
      ['/waitlist/join', {}],
      ['/contact/sales', {}],
      ['/api/payments/webhook', { 'stripe-signature': 't=1,v1=x' }],
    ] as const) {
      for (const contentType of ['application/json', 'application/xml']) {
        const response = await runtime.app.inject({
          method: 'POST',
          url,
          headers: { ...headers, 'content-type': contentType },
          payload: oversizedJson,
        });
        expect(response.statusCode, `${url} ${contentType}`).toBe(413);
        expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', requestId: expect.any(String) });
      }
    }
  });

  it('still accepts a body just under the limit', async () => {
    const account = await createPaidAccount(runtime.services);
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const padding = 'x'.repeat(BODY_LIMIT_BYTES - 100);
    const response = await runtime.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie, 'content-type': 'application/json' },
      payload: `{"keyName":"fits"}${' '.repeat(padding.length)}`,
    });
    expect(response.statusCode).toBe(201);
  });
});
