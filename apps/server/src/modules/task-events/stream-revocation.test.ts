import { appPath } from '@conduit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream-client.ts';
import { createPaidAccount, sessionCookieFor } from '../../../test/paid-account.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { listenLocally, useTestRuntime } from '../../../test/test-runtime.ts';

// Issue 32, points 8 and 9: a stream ends at once when its session is signed out from the
// sessions list, or when its member's new role no longer sees calls; the heartbeat that would
// notice it otherwise is a minute away here.
const runtime = useTestRuntime(
  {},
  { engine: createScriptedEngine(), taskEvents: { heartbeatMs: 60_000, maxStreamsPerUser: 4 } },
);
let baseUrl: string;
beforeAll(async () => {
  baseUrl = await listenLocally(runtime);
});

const call = (method: string, url: string, cookie: string, body?: unknown) =>
  fetch(`${baseUrl}${url}`, {
    method,
    headers: { cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Resolves with how long the stream took to end, or fails after `withinMs`. */
async function endsWithin(ended: Promise<void>, withinMs: number) {
  const startedAt = Date.now();
  await Promise.race([
    ended,
    new Promise((_, reject) => setTimeout(() => reject(new Error('the stream stayed open')), withinMs)),
  ]);
  return Date.now() - startedAt;
}

describe('event streams end at once', () => {
  it('when their session is signed out from the sessions list', async () => {
    const ada = await createPaidAccount(runtime.services, { credits: 10 });
    const here = await sessionCookieFor(runtime.services, ada.userId);
    const phone = await sessionCookieFor(runtime.services, ada.userId);
    const stream = await openEventStream(baseUrl, phone);
    const kept = await openEventStream(baseUrl, here);
    expect(stream.status).toBe(200);
    const listed = (await (await call('GET', appPath('sessions'), here)).json()) as {
      sessions: { id: string; isCurrent: boolean }[];
    };
    const other = listed.sessions.find((session) => !session.isCurrent);
    const revoked = await call('DELETE', appPath('signOutSession', { id: other?.id ?? '' }), here);
    expect(revoked.status).toBe(200);
    await endsWithin(stream.ended, 2_000);
    expect(kept.events).toEqual([]);
    kept.close();
  });

  it('when their member is demoted to billing, and a billing member cannot open one', async () => {
    const owner = await createPaidAccount(runtime.services, { credits: 10, owner: 'team' });
    const member = await createPaidAccount(runtime.services, { credits: 0, label: 'member' });
    await runtime.services.pool.query(
      "insert into workspace_members (workspace_id, user_id, role) values ($1, $2, 'developer')",
      [owner.workspaceId, member.userId],
    );
    const ownerCookie = await sessionCookieFor(runtime.services, owner.userId);
    const memberCookie = await sessionCookieFor(runtime.services, member.userId);
    const selected = await call('PUT', appPath('selectWorkspace'), memberCookie, {
      workspaceId: owner.workspaceId,
    });
    expect(selected.status).toBe(200);
    const stream = await openEventStream(baseUrl, memberCookie);
    expect(stream.status).toBe(200);

    const demoted = await call(
      'PATCH',
      appPath('updateMember', { teamId: owner.workspaceId, userId: member.userId }),
      ownerCookie,
      { role: 'billing' },
    );
    expect(demoted.status).toBe(200);
    await endsWithin(stream.ended, 2_000);
    const again = await openEventStream(baseUrl, memberCookie);
    expect(again.status).toBe(403);
    again.close();
  });
});
