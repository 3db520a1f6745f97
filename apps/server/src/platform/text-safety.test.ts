import { describe, expect, it } from 'vitest';
import { createPaidAccount, ledgerCheck, postWithKey, sessionCookieFor } from '../../test/paid-account.ts';
import { createSteadyEngine } from '../../test/steady-engine.ts';
import { useTestRuntime } from '../../test/test-runtime.ts';
import { findUnstorableText } from './text-safety.ts';

describe('text PostgreSQL cannot store (found by the fuzz suite: these were 500s)', () => {
  const runtime = useTestRuntime({}, { engine: createSteadyEngine() });

  it('refuses NUL and lone surrogates in paid calls with 400 naming the field, charging nothing', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 10 });
    for (const [payload, field] of [
      [{ prompt: 'a\u0000b' }, 'prompt'],
      [{ prompt: 'half \ud800 a pair' }, 'prompt'],
      [{ prompt: 'ok', image_size: '1:1\u0000' }, 'image_size'],
    ] as const) {
      const response = await runtime.app.inject({
        method: 'POST',
        url: '/api/provider/image',
        headers: { 'x-api-key': account.key },
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      if (field === 'prompt') expect(response.json().field).toBe('prompt');
    }
    const linkedin = await postWithKey(runtime.app, account.key, '/api/provider/linkedin', {
      username: 'someone',
      pagination_token: 'x\u0000',
    });
    expect(linkedin.statusCode).toBe(400);
    expect(linkedin.json().field).toBe('pagination_token');
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 10, sum: 10 });
    const emoji = await postWithKey(runtime.app, account.key, '/api/provider/image', {
      prompt: 'a whole pair 💥 is fine',
    });
    expect(emoji.statusCode).toBe(200);
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 9, sum: 9 });
  });

  it('refuses them in route parameters, query strings and cookie-API bodies', async () => {
    const account = await createPaidAccount(runtime.services);
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const answers = await Promise.all([
      runtime.app.inject({
        method: 'GET',
        url: '/api/provider/video/status/a%00b',
        headers: { 'x-api-key': account.key },
      }),
      runtime.app.inject({ method: 'DELETE', url: '/api/keys/a%00b', headers: { cookie } }),
      runtime.app.inject({ method: 'GET', url: '/api/usage?cursor=%00', headers: { cookie } }),
      runtime.app.inject({
        method: 'POST',
        url: '/api/support',
        headers: { cookie },
        payload: { subject: 'Help\u0000', message: 'Please' },
      }),
      runtime.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a\u0000@example.com', password: 'secret1' },
      }),
    ]);
    expect(answers.map((answer) => [answer.statusCode, answer.json().field])).toEqual([
      [400, 'taskId'],
      [400, 'id'],
      [400, 'cursor'],
      [400, 'subject'],
      [400, 'email'],
    ]);
  });

  it('finds the first unstorable string, in values and keys, at any depth', () => {
    expect(findUnstorableText({ a: [1, { b: 'ok' }, { c: '\udc00x' }] }, '')).toBe('a.2.c');
    // The path names the key with its NUL escaped: it is echoed in the answer and kept in the request log.
    expect(findUnstorableText({ 'k\u0000': 1 }, '')).toBe('k\\u0000');
    expect(findUnstorableText({ a: 'x\ud83d\udca5y' }, '')).toBeUndefined();
    expect(findUnstorableText(Buffer.from([0]), '')).toBeUndefined();
  });

  it('survives the deepest JSON a body may carry (found by the fuzz suite: a recursive walk overflowed the stack)', async () => {
    const depth = 150_000;
    const deep = JSON.parse(`${'{"a":'.repeat(depth)}"x\\u0000"${'}'.repeat(depth)}`);
    expect(findUnstorableText(deep, '')?.length).toBe(depth * 2 - 1);
    const account = await createPaidAccount(runtime.services);
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    for (const payload of [
      `${'['.repeat(depth)}${']'.repeat(depth)}`,
      `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
    ]) {
      const answers = await Promise.all([
        runtime.app.inject({
          method: 'POST',
          url: '/api/support',
          headers: { cookie, 'content-type': 'application/json' },
          payload,
        }),
        runtime.app.inject({
          method: 'PUT',
          url: '/api/provider/image',
          headers: { 'x-api-key': account.key, 'content-type': 'application/json' },
          payload,
        }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([400, 404]);
    }
  });
});
