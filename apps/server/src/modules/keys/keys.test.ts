import { KEY_TEXTS, keyLimitMessage } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { createPaidAccount, postWithKey, sessionCookieFor } from '../../../test/paid-account.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';

const runtime = useTestRuntime({}, { engine: createScriptedEngine() });

async function signedInAccount() {
  const account = await createPaidAccount(runtime.services);
  return { ...account, cookie: await sessionCookieFor(runtime.services, account.userId) };
}
const keysApi = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url = '/api/keys', payload?: object) =>
  runtime.app.inject({ method, url, headers: { cookie }, payload });

describe('/api/keys', () => {
  it('needs a session', async () => {
    expect((await runtime.app.inject({ method: 'GET', url: '/api/keys' })).statusCode).toBe(401);
  });

  it('creates a trimmed, fully permitted key, lists it in full, and stores it only encrypted and hashed', async () => {
    const { cookie, userId } = await signedInAccount();
    const created = await keysApi(cookie, 'POST', '/api/keys', { keyName: '  Production  ' });
    expect(created.statusCode).toBe(201);
    const key = created.json().key;
    expect(key).toMatchObject({
      keyName: 'Production',
      lastUsedAt: null,
      permissions: { image: true, video: true, sora: true, linkedin: true },
    });
    expect(key.keyValue).toMatch(/^cnd_live_[A-Za-z0-9_-]{43}$/);
    const listed = (await keysApi(cookie, 'GET')).json();
    expect(listed.keys.map((k: { keyValue: string }) => k.keyValue)).toContain(key.keyValue);
    expect(listed.maxApiKeys).toBe(10);
    const { rows } = await runtime.services.pool.query(
      'select key_hash, key_encrypted from api_keys where workspace_id = $1',
      [userId],
    );
    expect(JSON.stringify(rows)).not.toContain(key.keyValue);
  });

  it("refuses an empty name with 'Please enter a key name'", async () => {
    const { cookie } = await signedInAccount();
    for (const payload of [{}, { keyName: '   ' }]) {
      const response = await keysApi(cookie, 'POST', '/api/keys', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: KEY_TEXTS.nameRequired, field: 'keyName' });
    }
  });

  it('refuses a key past maxApiKeys, also when requests race', async () => {
    const { cookie, userId } = await signedInAccount();
    await runtime.services.pool.query('update workspaces set max_api_keys = 3 where id = $1', [userId]);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => keysApi(cookie, 'POST', '/api/keys', { keyName: `k${index}` })),
    );
    // The account already holds one key from the fixture: two more fit.
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const refused = answers.find((r) => r.statusCode === 409);
    expect(refused?.json().error).toBe(keyLimitMessage(3));
  });

  it('a deleted key stops working at once, and only its owner can delete it', async () => {
    const owner = await signedInAccount();
    const other = await signedInAccount();
    const call = () =>
      runtime.app.inject({ method: 'GET', url: '/api/provider/me', headers: { 'x-api-key': owner.key } });
    expect((await call()).statusCode).toBe(200);
    expect((await keysApi(other.cookie, 'DELETE', `/api/keys/${owner.keyId}`)).statusCode).toBe(404);
    expect((await keysApi(owner.cookie, 'DELETE', `/api/keys/${owner.keyId}`)).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(401);
    const paid = await postWithKey(runtime.app, owner.key, '/api/provider/image', {
      prompt: 'after deletion',
    });
    expect(paid.statusCode).toBe(401);
    expect((await keysApi(owner.cookie, 'GET')).json().keys).toHaveLength(0);
  });

  it('keys of a deleted account stop working at once', async () => {
    const account = await signedInAccount();
    await runtime.services.pool.query(
      'update users set deleted_at = now(), is_active = false where id = $1',
      [account.userId],
    );
    const paid = await postWithKey(runtime.app, account.key, '/api/provider/video', { prompt: 'ghost' });
    expect(paid.statusCode).toBe(401);
  });
});
