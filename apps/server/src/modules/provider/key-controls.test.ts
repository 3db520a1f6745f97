import { type ApiKey, keyScopeMessage, type UpdateKeyBody } from '@conduit/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  createPaidAccount,
  ledgerCheck,
  type PaidAccount,
  sessionCookieFor,
} from '../../../test/paid-account.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';

/*
 * Each control of a key, through the public API as a developer's program meets it: the exact
 * refusal, and nothing charged. The budget is also tried under a storm of concurrent calls.
 */
const runtime = useTestRuntime({ TRUST_PROXY: '1' });

const IMAGE = { url: '/api/provider/image', body: { prompt: 'a red fox' } };
const VIDEO = { url: '/api/provider/video', body: { prompt: 'a fox running' } };

const call = (key: string, target: { url: string; body: unknown }, headers: Record<string, string> = {}) =>
  runtime.app.inject({
    method: 'POST',
    url: target.url,
    payload: target.body as object,
    headers: { 'x-api-key': key, ...headers },
  });
const errorOf = (response: LightMyRequestResponse) =>
  response.json() as { code: string; error: string; limit?: number; spent?: number; resetsAt?: string };

/** An account and a signed-in browser for it, to edit its key through the app API. */
async function accountWith(
  controls: UpdateKeyBody,
  credits = 100,
  tier: 'free' | 'enterprise' = 'enterprise',
) {
  const account = await createPaidAccount(runtime.services, { credits, tier });
  const cookie = await sessionCookieFor(runtime.services, account.userId);
  const edit = (body: UpdateKeyBody) =>
    runtime.app.inject({
      method: 'PATCH',
      url: `/api/keys/${account.keyId}`,
      headers: { cookie, 'x-requested-with': 'conduit' },
      payload: body,
    });
  const edited = await edit(controls);
  expect(edited.statusCode, edited.body).toBe(200);
  return { account, cookie, edit, key: (edited.json() as { key: ApiKey }).key };
}
const balanceOf = async (account: PaidAccount) =>
  (await ledgerCheck(runtime.services, account.workspaceId)).balance;

describe('key scope', () => {
  it('a key allowed only image gets 403 KEY_SCOPE naming video, and nothing is charged', async () => {
    const { account, key } = await accountWith({
      permissions: { video: false, sora: false, linkedin: false },
    });
    expect(key.permissions).toEqual({ image: true, video: false, sora: false, linkedin: false });
    const refused = await call(account.key, VIDEO);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'KEY_SCOPE', error: keyScopeMessage('video') });
    expect((await call(account.key, IMAGE)).statusCode).toBe(200);
    expect(await balanceOf(account)).toBe(99);
  });

  it('narrowing a key takes effect on the next call although the key was just used', async () => {
    const { account, edit } = await accountWith({});
    expect((await call(account.key, IMAGE)).statusCode).toBe(200);
    expect((await edit({ permissions: { image: false } })).statusCode).toBe(200);
    expect(errorOf(await call(account.key, IMAGE)).code).toBe('KEY_SCOPE');
    expect(await balanceOf(account)).toBe(99);
  });
});

describe('spend limit', () => {
  it('1,000 parallel image calls on a key limited to 5 credits a day: exactly 5 succeed', async () => {
    const { account } = await accountWith({ spendLimit: { credits: 5, period: 'day' } }, 10_000);
    const answers = await Promise.all(Array.from({ length: 1_000 }, () => call(account.key, IMAGE)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 402)).toHaveLength(995);
    const refusal = errorOf(answers.find((answer) => answer.statusCode === 402) as LightMyRequestResponse);
    expect(refusal).toMatchObject({ code: 'KEY_SPEND_LIMIT', limit: 5, spent: 5 });
    expect(refusal.error).toBe(
      "This API key reached its spend limit: 5 of 5 credits today. Raise the key's limit under API Keys, or call with another key.",
    );
    const tomorrow = new Date();
    tomorrow.setUTCHours(24, 0, 0, 0);
    expect(refusal.resetsAt).toBe(tomorrow.toISOString());
    expect(await ledgerCheck(runtime.services, account.workspaceId)).toEqual({ balance: 9_995, sum: 9_995 });
    const { rows } = await runtime.services.pool.query(
      'select count(*)::int as n from tasks where api_key_id = $1',
      [account.keyId],
    );
    expect(rows[0].n).toBe(5);
  });

  it('the period starts again at 00:00 UTC; a total limit never does', async () => {
    const { account, edit } = await accountWith({ spendLimit: { credits: 1, period: 'day' } });
    expect((await call(account.key, IMAGE)).statusCode).toBe(200);
    expect(errorOf(await call(account.key, IMAGE)).code).toBe('KEY_SPEND_LIMIT');
    // Yesterday's spending, as the key will have it after midnight.
    await runtime.services.pool.query("update api_keys set spent_period = '2000-01-01' where id = $1", [
      account.keyId,
    ]);
    expect((await call(account.key, IMAGE)).statusCode).toBe(200);

    expect((await edit({ spendLimit: { credits: 3, period: 'total' } })).statusCode).toBe(200);
    // A new budget counts what the key already spent (2 credits ever), not a fresh 3.
    expect((await call(account.key, IMAGE)).statusCode).toBe(200);
    expect(errorOf(await call(account.key, IMAGE)).code).toBe('KEY_SPEND_LIMIT');
    expect(await balanceOf(account)).toBe(97);
  });

  it('a failed, refunded call gives its credits back to the budget as well as to the balance', async () => {
    const { account } = await accountWith({ spendLimit: { credits: 1, period: 'month' } });
    const failed = await call(account.key, { url: IMAGE.url, body: { prompt: 'a storm [fail]' } });
    expect(failed.statusCode).toBe(502);
    expect((await call(account.key, IMAGE)).statusCode).toBe(200);
    expect(await balanceOf(account)).toBe(99);
  });

  it('the balance still rules: a budget with room and no credits is 402 INSUFFICIENT_CREDITS', async () => {
    const { account } = await accountWith({ spendLimit: { credits: 50, period: 'day' } }, 0);
    expect(errorOf(await call(account.key, IMAGE)).code).toBe('INSUFFICIENT_CREDITS');
  });
});

describe('GET /api/provider/me', () => {
  it("answers the key's own controls and what its budget has spent", async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const { account } = await accountWith({
      permissions: { video: false },
      spendLimit: { credits: 3, period: 'month' },
      rateLimitPerMinute: 30,
      expiresAt,
    });
    expect((await call(account.key, IMAGE)).statusCode).toBe(200);
    const me = await runtime.app.inject({ url: '/api/provider/me', headers: { 'x-api-key': account.key } });
    const now = new Date();
    expect((me.json() as { data: { key: unknown } }).data.key).toEqual({
      permissions: ['image', 'sora', 'linkedin'],
      spendLimit: { credits: 3, period: 'month' },
      spent: 1,
      spentResetsAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
      rateLimitPerMinute: 30,
      expiresAt: new Date(expiresAt).toISOString(),
    });
  });
});

describe('per-key rate limit, IP allow-list, expiry', () => {
  it("a key's own per-minute limit answers 429 with the rate-limit headers", async () => {
    const { account } = await accountWith({ rateLimitPerMinute: 2 });
    expect((await call(account.key, IMAGE)).statusCode).toBe(200);
    expect((await call(account.key, IMAGE)).statusCode).toBe(200);
    const refused = await call(account.key, IMAGE);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).error).toBe('Rate limit exceeded: 2 requests per minute for this API key');
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.headers.ratelimit).toMatch(/^limit=2, remaining=0, reset=\d+$/);
    expect(await balanceOf(account)).toBe(98);
  });

  it('a call from outside the allow-list is 403 KEY_IP_NOT_ALLOWED; TRUST_PROXY decides the address', async () => {
    const { account } = await accountWith({ ipAllowlist: ['203.0.113.0/24', '2001:db8::1'] });
    const fromOutside = await call(account.key, IMAGE, { 'x-forwarded-for': '198.51.100.7' });
    expect(fromOutside.statusCode).toBe(403);
    expect(errorOf(fromOutside)).toMatchObject({
      code: 'KEY_IP_NOT_ALLOWED',
      error: 'This API key may not be used from 198.51.100.7',
    });
    // Without a trusted proxy hop the socket's own address (127.0.0.1 here) is the caller's.
    expect(errorOf(await call(account.key, IMAGE)).code).toBe('KEY_IP_NOT_ALLOWED');
    expect((await call(account.key, IMAGE, { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(200);
    expect((await call(account.key, IMAGE, { 'x-forwarded-for': '2001:db8::1' })).statusCode).toBe(200);
    expect(await balanceOf(account)).toBe(98);
  });

  it('after expiresAt the key answers 401 KEY_EXPIRED on paid calls and status reads', async () => {
    const { account } = await accountWith({ expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    const accepted = await call(account.key, VIDEO);
    expect(accepted.statusCode).toBe(200);
    const taskId = (accepted.json() as { data: { taskId: string } }).data.taskId;
    await runtime.services.pool.query(
      "update api_keys set expires_at = now() - interval '1 second' where id = $1",
      [account.keyId],
    );
    // The identity is still cached from the call above: the debit statement refuses it anyway.
    const refused = await call(account.key, VIDEO);
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused)).toMatchObject({ code: 'KEY_EXPIRED', error: 'This API key has expired' });
    const status = await runtime.app.inject({
      url: `/api/provider/video/status/${taskId}`,
      headers: { 'x-api-key': account.key },
    });
    expect(errorOf(status).code).toBe('KEY_EXPIRED');
    expect(await balanceOf(account)).toBe(90);
  });
});

describe('editing controls through the app API', () => {
  it('refuses bad controls with 400 naming the field and changes nothing', async () => {
    const { edit, cookie, account } = await accountWith(
      { spendLimit: { credits: 7, period: 'month' } },
      100,
      'free',
    );
    const cases: [UpdateKeyBody, string][] = [
      [{ permissions: { image: false, video: false, sora: false, linkedin: false } }, 'permissions'],
      [{ ipAllowlist: ['10.0.0.0/8', 'not-an-ip'] }, 'ipAllowlist'],
      [{ ipAllowlist: ['10.0.0.0/33'] }, 'ipAllowlist'],
      [{ rateLimitPerMinute: 61 }, 'rateLimitPerMinute'],
      [{ expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt'],
      [{ spendLimit: { credits: 0, period: 'day' } }, 'spendLimit.credits'],
    ];
    for (const [body, field] of cases) {
      const response = await edit(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect((response.json() as { field: string }).field).toBe(field);
    }
    const listed = await runtime.app.inject({ url: '/api/keys', headers: { cookie } });
    const [key] = (listed.json() as { keys: ApiKey[] }).keys;
    expect(key).toMatchObject({
      _id: account.keyId,
      spendLimit: { credits: 7, period: 'month' },
      ipAllowlist: null,
      rateLimitPerMinute: null,
      expiresAt: null,
      keyPreview: `cnd_live_…${account.key.slice(-4)}`,
    });
    expect(Object.values(key?.permissions ?? {})).toEqual([true, true, true, true]);
  });

  it("another workspace's key is 404 to edit or roll", async () => {
    const { account } = await accountWith({});
    const stranger = await createPaidAccount(runtime.services);
    const cookie = await sessionCookieFor(runtime.services, stranger.userId);
    for (const [method, url, payload] of [
      ['PATCH', `/api/keys/${account.keyId}`, { keyName: 'mine now' }],
      ['POST', `/api/keys/${account.keyId}/roll`, { graceSeconds: 0 }],
    ] as const) {
      const response = await runtime.app.inject({
        method,
        url,
        headers: { cookie, 'x-requested-with': 'conduit' },
        payload,
      });
      expect(response.statusCode).toBe(404);
    }
  });

  it('lists the spent amount, the last address and the reset time', async () => {
    const { account, cookie } = await accountWith({ spendLimit: { credits: 10, period: 'month' } });
    await call(account.key, IMAGE, { 'x-forwarded-for': '192.0.2.44' });
    await expect
      .poll(async () => {
        const listed = await runtime.app.inject({ url: '/api/keys', headers: { cookie } });
        return (listed.json() as { keys: ApiKey[] }).keys[0];
      })
      .toMatchObject({ spent: 1, lastUsedIp: '192.0.2.44' });
    const listed = await runtime.app.inject({ url: '/api/keys', headers: { cookie } });
    const now = new Date();
    expect((listed.json() as { keys: ApiKey[] }).keys[0]?.spentResetsAt).toBe(
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    );
  });
});
