import { appPath, callDetailPath, DashboardResponse, TEAM_TEXTS } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { signedInAccount } from '../../../test/accounts.ts';
import { postWithKey } from '../../../test/paid-account.ts';
import { withRuntimeAndInbox } from '../../../test/runtime-with-inbox.ts';
import { createTeamAs, joinedMember, useWorkspace } from '../../../test/team-members.ts';
import { grantCredits } from '../credits/ledger.ts';

/*
 * A team's billing member sees spend: the credits and calls per model are totals, so the dashboard
 * shows them; the calls themselves (the list, its CSV, a call's page) stay refused
 * (docs/product.md, "Teams").
 */
describe("a billing member and the team's usage by model", () => {
  const started = withRuntimeAndInbox({});

  it('reads the credits and calls per model on the dashboard, never the calls', async () => {
    const { runtime, inbox } = started;
    const owner = await signedInAccount(runtime, 'user', 'owner');
    const teamId = await createTeamAs(owner);
    const billing = await joinedMember(runtime, inbox, owner, teamId, 'billing');
    await useWorkspace(owner, teamId);
    await runtime.services.db.transaction((tx) =>
      grantCredits(tx, { workspaceId: teamId, delta: 50, reason: 'adjustment', reference: 'test:team' }),
    );
    const created = await owner.call('POST', appPath('createKey'), { keyName: 'team key' });
    expect(created.statusCode, created.body).toBe(201);
    const key = created.json().key.keyValue as string;
    const call = async (url: string, payload: object) => {
      const answer = await postWithKey(runtime.app, key, url, payload);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data.taskId as string;
    };
    const taskId = await call('/api/provider/image', { model: 'imagen4-fast', prompt: 'a lighthouse' });
    await call('/api/provider/image', { model: 'gpt-image-1.5', prompt: 'a quay' });
    await call('/api/provider/image', { model: 'gpt-image-1.5', prompt: 'a pier' });

    const dashboard = await billing.call('GET', appPath('dashboard'));
    expect(dashboard.statusCode).toBe(200);
    expect(DashboardResponse.parse(dashboard.json()).usage.last30Days.byModel).toEqual([
      { service: 'image', model: { id: 'gpt-image-1.5', name: 'GPT Image 1.5' }, calls: 2, credits: 6 },
      { service: 'image', model: { id: 'imagen4-fast', name: 'Imagen 4 Fast' }, calls: 1, credits: 1 },
    ]);
    for (const url of [appPath('usage'), appPath('usageCsv'), callDetailPath(taskId)]) {
      const refused = await billing.call('GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error).toBe(TEAM_TEXTS.roleForbidden('billing'));
    }
  });
});
