import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ApiKey } from '@conduit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidAccount, ledgerCheck, type PaidAccount, sessionCookieFor } from './paid-account.ts';
import { freePort, type ServerProcess, spawnProcess, stopProcess, waitForReady } from './server-processes.ts';
import { createTestRuntime, type TestRuntime } from './test-runtime.ts';

/*
 * Rolling and expiring a key while two API processes have it in their caches: this test's own
 * runtime, and a real second server process on the same database. Whatever a process remembers,
 * the old secret stops everywhere when its grace ends, and an expired key stops everywhere.
 */
let runtime: TestRuntime;
let other: ServerProcess;
let otherDataDir: string;

beforeAll(async () => {
  runtime = await createTestRuntime({ ROLE: 'api' });
  otherDataDir = await mkdtemp(path.join(tmpdir(), 'conduit-roll-'));
  other = spawnProcess({
    NODE_ENV: 'test',
    ROLE: 'api',
    PORT: String(await freePort()),
    DATA_DIR: otherDataDir,
    DATABASE_URL: runtime.databaseUrl,
    SESSION_SECRET: 'key-roll-test-secret-0123456789abcdef',
  });
  await waitForReady(other);
}, 90_000);
afterAll(async () => {
  await stopProcess(other);
  await runtime.close();
  await rm(otherDataDir, { recursive: true, force: true });
});

const SORA = { video_url: 'https://sora.chatgpt.com/p/s_roll' };

/** One paid call in each process with `key`: the two statuses. */
async function callBoth(key: string): Promise<[number, number]> {
  const here = await runtime.app.inject({
    method: 'POST',
    url: '/api/provider/sora-watermark-remover',
    headers: { 'x-api-key': key },
    payload: SORA,
  });
  const there = await fetch(`${other.url}/api/provider/sora-watermark-remover`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(SORA),
  });
  await there.body?.cancel();
  return [here.statusCode, there.status];
}

async function roll(account: PaidAccount, graceSeconds: number): Promise<ApiKey> {
  const cookie = await sessionCookieFor(runtime.services, account.userId);
  const response = await runtime.app.inject({
    method: 'POST',
    url: `/api/keys/${account.keyId}/roll`,
    headers: { cookie, 'x-requested-with': 'conduit' },
    payload: { graceSeconds },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { key: ApiKey }).key;
}

describe('rolling a key across two processes', () => {
  it('the old secret works in both until its grace ends, then in neither; a roll without grace ends it at once', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100 });
    expect(await callBoth(account.key)).toEqual([200, 200]);

    const rolled = await roll(account, 3_600);
    expect(rolled.keyValue).not.toBe(account.key);
    expect(rolled.previousKeyValidUntil).not.toBeNull();
    expect(await callBoth(account.key)).toEqual([200, 200]);
    expect(await callBoth(rolled.keyValue)).toEqual([200, 200]);

    // The grace ends (as an hour passing would leave the row): both processes still remember the
    // old secret's identity, and the debit refuses it in both.
    await runtime.services.pool.query(
      "update api_keys set previous_key_expires_at = now() - interval '1 second' where id = $1",
      [account.keyId],
    );
    expect(await callBoth(account.key)).toEqual([401, 401]);
    expect(await callBoth(rolled.keyValue)).toEqual([200, 200]);

    const again = await roll(account, 0);
    expect(again.previousKeyValidUntil).toBeNull();
    expect(await callBoth(rolled.keyValue)).toEqual([401, 401]);
    expect(await callBoth(again.keyValue)).toEqual([200, 200]);
    // Five accepted pairs, 1 credit a call; the refused ones took nothing.
    expect(await ledgerCheck(runtime.services, account.workspaceId)).toEqual({ balance: 90, sum: 90 });
  });

  it('an expired key is refused with KEY_EXPIRED by both processes', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100 });
    expect(await callBoth(account.key)).toEqual([200, 200]);
    await runtime.services.pool.query(
      "update api_keys set expires_at = now() - interval '1 second' where id = $1",
      [account.keyId],
    );
    expect(await callBoth(account.key)).toEqual([401, 401]);
    const answer = await fetch(`${other.url}/api/provider/sora-watermark-remover`, {
      method: 'POST',
      headers: { 'x-api-key': account.key, 'content-type': 'application/json' },
      body: JSON.stringify(SORA),
    });
    expect(((await answer.json()) as { code: string }).code).toBe('KEY_EXPIRED');
    expect(await ledgerCheck(runtime.services, account.workspaceId)).toEqual({ balance: 98, sum: 98 });
  });
});
