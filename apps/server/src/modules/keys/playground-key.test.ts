import {
  appPath,
  keyLimitMessage,
  PLAYGROUND_KEY,
  PLAYGROUND_KEY_TEXTS,
  type PlaygroundKeyResponse,
  TEAM_TEXTS,
} from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { signedInAccount } from '../../../test/accounts.ts';
import { createPaidAccount, ledgerCheck, postWithKey, sessionCookieFor } from '../../../test/paid-account.ts';
import { withRuntimeAndInbox } from '../../../test/runtime-with-inbox.ts';
import { createTeamAs, joinedMember } from '../../../test/team-members.ts';

const started = withRuntimeAndInbox({});
const PATH = appPath('createPlaygroundKey');

/** A personal account on `credits` (it holds one key already) and its signed-in browser. */
async function account(credits = 100) {
  const { runtime } = started;
  const paid = await createPaidAccount(runtime.services, { credits, tier: 'enterprise' });
  const cookie = await sessionCookieFor(runtime.services, paid.userId);
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string) =>
    runtime.app.inject({ method, url, headers: { cookie, 'x-requested-with': 'conduit' } });
  return { ...paid, call };
}

describe('POST /api/keys/playground', () => {
  it('needs a session', async () => {
    const response = await started.runtime.app.inject({ method: 'POST', url: PATH });
    expect(response.statusCode).toBe(401);
  });

  it('makes one key named Playground with every service and a daily budget, listed with the others', async () => {
    const { call } = await account();
    const created = await call('POST', PATH);
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json() as PlaygroundKeyResponse;
    expect(body).toMatchObject({
      created: true,
      message: PLAYGROUND_KEY_TEXTS.created,
      key: {
        keyName: PLAYGROUND_KEY.name,
        permissions: { image: true, video: true, sora: true, linkedin: true },
        spendLimit: { credits: PLAYGROUND_KEY.dailyCredits, period: 'day' },
        spent: 0,
      },
    });
    expect(body.key.keyValue).toMatch(/^cnd_live_/);
    const listed = (await call('GET', appPath('keys'))).json().keys as { _id: string; keyName: string }[];
    expect(listed.map((key) => key.keyName)).toEqual(['test key', PLAYGROUND_KEY.name]);
  });

  it('a second click, or many at once, answers the same key and never makes a second', async () => {
    const { call, workspaceId } = await account();
    const answers = await Promise.all(Array.from({ length: 5 }, () => call('POST', PATH)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const bodies = answers.map((answer) => answer.json() as PlaygroundKeyResponse);
    expect(bodies.filter((body) => body.created)).toHaveLength(1);
    expect(new Set(bodies.map((body) => body.key._id)).size).toBe(1);
    const again = (await call('POST', PATH)).json() as PlaygroundKeyResponse;
    expect(again).toMatchObject({ created: false, message: PLAYGROUND_KEY_TEXTS.reused });
    expect(again.key._id).toBe(bodies[0]?.key._id);
    const { rows } = await started.runtime.services.pool.query(
      "select count(*)::int as n from api_keys where workspace_id = $1 and purpose = 'playground'",
      [workspaceId],
    );
    expect(rows[0].n).toBe(1);
  });

  it('after the playground key is deleted, the next click makes a new one', async () => {
    const { call } = await account();
    const first = (await call('POST', PATH)).json() as PlaygroundKeyResponse;
    const deleted = await call('DELETE', appPath('deleteKey', { id: first.key._id }));
    expect(deleted.statusCode).toBe(200);
    const second = (await call('POST', PATH)).json() as PlaygroundKeyResponse;
    expect(second.created).toBe(true);
    expect(second.key._id).not.toBe(first.key._id);
  });

  it('at the workspace key limit: 409 with the limit text and nothing written; an existing one is still answered', async () => {
    const { call, workspaceId } = await account();
    await started.runtime.services.pool.query('update workspaces set max_api_keys = 1 where id = $1', [
      workspaceId,
    ]);
    const refused = await call('POST', PATH);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(keyLimitMessage(1));
    expect((await call('GET', appPath('keys'))).json().keys).toHaveLength(1);

    await started.runtime.services.pool.query('update workspaces set max_api_keys = 2 where id = $1', [
      workspaceId,
    ]);
    expect((await call('POST', PATH)).json().created).toBe(true);
    await started.runtime.services.pool.query('update workspaces set max_api_keys = 1 where id = $1', [
      workspaceId,
    ]);
    const reused = await call('POST', PATH);
    expect(reused.statusCode).toBe(200);
    expect(reused.json().created).toBe(false);
  });

  it('the key stops at its daily budget: 20 image calls pass, the next ones get 402 KEY_SPEND_LIMIT', async () => {
    const { call, key, workspaceId } = await account(100);
    const { key: playground } = (await call('POST', PATH)).json() as PlaygroundKeyResponse;
    const answers = await Promise.all(
      Array.from({ length: PLAYGROUND_KEY.dailyCredits + 5 }, (_, index) =>
        postWithKey(started.runtime.app, playground.keyValue, '/api/provider/image', {
          prompt: `a kite ${index}`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(PLAYGROUND_KEY.dailyCredits);
    const refused = answers.filter((answer) => answer.statusCode === 402);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.json()).toMatchObject({
      code: 'KEY_SPEND_LIMIT',
      limit: PLAYGROUND_KEY.dailyCredits,
      spent: PLAYGROUND_KEY.dailyCredits,
    });
    expect(await ledgerCheck(started.runtime.services, workspaceId)).toEqual({ balance: 80, sum: 80 });
    // The workspace's other keys are not bound by the playground's budget.
    expect(
      (await postWithKey(started.runtime.app, key, '/api/provider/image', { prompt: 'x' })).statusCode,
    ).toBe(200);
  });

  it('a billing member may not make one (403, nothing written); a developer of the team may', async () => {
    const { runtime, inbox } = started;
    const owner = await signedInAccount(runtime, 'user', 'pg-owner');
    const teamId = await createTeamAs(owner, 'Playground team');
    const billing = await joinedMember(runtime, inbox, owner, teamId, 'billing');
    const refused = await billing.call('POST', PATH);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(TEAM_TEXTS.roleForbidden('billing'));
    const { rows } = await runtime.services.pool.query(
      'select count(*)::int as n from api_keys where workspace_id = $1',
      [teamId],
    );
    expect(rows[0].n).toBe(0);

    const developer = await joinedMember(runtime, inbox, owner, teamId, 'developer');
    const made = await developer.call('POST', PATH);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ created: true, key: { createdBy: developer.email } });
  });
});
