import { appPath } from '@conduit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../../../test/accounts.ts';
import { openEventStream } from '../../../test/event-stream-client.ts';
import { addKey, createPaidAccount, type PaidAccount, sessionCookieFor } from '../../../test/paid-account.ts';
import { listenLocally, useTestRuntime } from '../../../test/test-runtime.ts';

/*
 * An event stream opened with an API key is held to what the key's calls are held to: it ends at
 * once when the account is deleted or deactivated, the team deleted, the key deleted, rolled
 * without grace, or narrowed to addresses that exclude the caller. The heartbeat that would
 * notice it otherwise is a minute away here.
 */
const runtime = useTestRuntime({}, { taskEvents: { heartbeatMs: 60_000, maxStreamsPerUser: 4 } });
let baseUrl: string;
beforeAll(async () => {
  baseUrl = await listenLocally(runtime);
});

const keyStream = (key: string) => openEventStream(baseUrl, undefined, { 'x-api-key': key });
const appCall = (cookie: string, method: 'PATCH' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  runtime.app.inject({
    method,
    url,
    headers: { cookie, 'x-requested-with': 'conduit' },
    ...(body !== undefined && { payload: body as object }),
  });

async function endsWithin(ended: Promise<void>, withinMs: number) {
  await Promise.race([
    ended,
    new Promise((_, reject) => setTimeout(() => reject(new Error('the stream stayed open')), withinMs)),
  ]);
}
/** True while the stream is still open after `ms`. */
const stillOpenAfter = (ended: Promise<void>, ms: number) =>
  Promise.race([
    ended.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), ms)),
  ]);

async function openedFor(account: PaidAccount, key = account.key) {
  const stream = await keyStream(key);
  expect(stream.status).toBe(200);
  return stream;
}

/** An account with two keys, each with its stream open, and the account's session cookie. */
async function twoKeysStreaming() {
  const account = await createPaidAccount(runtime.services, { credits: 10 });
  const other = await addKey(runtime.services, account);
  const cookie = await sessionCookieFor(runtime.services, account.userId);
  const otherStream = await openedFor(account, other.key);
  const stream = await openedFor(account);
  return { account, other, cookie, otherStream, stream };
}

describe('a key event stream ends at once', () => {
  it('when its account is deleted', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 10 });
    const stream = await openedFor(account);
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const deleted = await appCall(cookie, 'DELETE', '/api/account', { confirmEmail: account.email });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await endsWithin(stream.ended, 2_000);
    expect((await keyStream(account.key)).status).toBe(401);
  });

  it('when an admin deactivates its account', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 10 });
    const stream = await openedFor(account);
    const admin = await signedInAccount(runtime, 'admin');
    const off = await admin.call('PATCH', `/api/admin/users/${account.userId}`, { isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    await endsWithin(stream.ended, 2_000);
  });

  it('when its team is deleted', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 10, owner: 'team' });
    const stream = await openedFor(account);
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const team = await runtime.services.pool.query('select name from workspaces where id = $1', [
      account.workspaceId,
    ]);
    const deleted = await appCall(cookie, 'DELETE', appPath('deleteTeam', { teamId: account.workspaceId }), {
      confirmName: team.rows[0].name,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await endsWithin(stream.ended, 2_000);
  });

  it('when its key is rolled without grace; with a grace it stays', async () => {
    const { account, other, cookie, otherStream: graced, stream } = await twoKeysStreaming();
    const rolledWithGrace = await appCall(cookie, 'POST', appPath('rollKey', { id: other.keyId }), {
      graceSeconds: 3600,
    });
    expect(rolledWithGrace.statusCode, rolledWithGrace.body).toBe(200);
    const rolled = await appCall(cookie, 'POST', appPath('rollKey', { id: account.keyId }), {
      graceSeconds: 0,
    });
    expect(rolled.statusCode, rolled.body).toBe(200);
    await endsWithin(stream.ended, 2_000);
    // The old secret is refused for a new stream too; the new one opens.
    expect((await keyStream(account.key)).status).toBe(401);
    const renewed = await openedFor(account, rolled.json().key.keyValue);
    expect(await stillOpenAfter(graced.ended, 500)).toBe(true);
    expect(await stillOpenAfter(renewed.ended, 1)).toBe(true);
    graced.close();
    renewed.close();
  });

  it('when its IP allow-list no longer includes the caller; another key of the workspace keeps its stream', async () => {
    const { account, cookie, otherStream: kept, stream } = await twoKeysStreaming();
    const narrowed = await appCall(cookie, 'PATCH', appPath('updateKey', { id: account.keyId }), {
      ipAllowlist: ['10.0.0.0/8'],
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    await endsWithin(stream.ended, 2_000);
    expect(await stillOpenAfter(kept.ended, 500)).toBe(true);
    kept.close();
  });

  it('when its key is deleted', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 10 });
    const stream = await openedFor(account);
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const deleted = await appCall(cookie, 'DELETE', appPath('deleteKey', { id: account.keyId }));
    expect(deleted.statusCode, deleted.body).toBe(200);
    await endsWithin(stream.ended, 2_000);
  });
});
