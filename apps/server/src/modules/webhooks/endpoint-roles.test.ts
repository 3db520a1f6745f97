import { appPath, TEAM_TEXTS } from '@conduit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SignedInAccount } from '../../../test/accounts.ts';
import { signedInAccount } from '../../../test/accounts.ts';
import { withRuntimeAndInbox } from '../../../test/runtime-with-inbox.ts';
import { createTeamAs, joinedMember, useWorkspace } from '../../../test/team-members.ts';

/*
 * Task events carry calls and their results: a billing member (who never sees calls or results)
 * may not point an endpoint that receives them elsewhere, nor give task events to one; they keep
 * an endpoint of account events (balance.low) for the alerts.
 */
describe('the webhook endpoint by role', () => {
  const started = withRuntimeAndInbox({});
  let owner: SignedInAccount;
  let billing: SignedInAccount;
  let developer: SignedInAccount;
  const TEAM_HOOK = 'http://127.0.0.1:9/team-hook';
  const ATTACKER = 'https://attacker.example/hook';

  const put = (member: SignedInAccount, body: Record<string, unknown>) =>
    member.call('PUT', appPath('setWebhookEndpoint'), body);
  const endpointOf = async (member: SignedInAccount) => {
    const alerts = (await member.call('GET', appPath('balanceAlerts'))).json();
    return { webhookUrl: alerts.webhookUrl, eventTypes: alerts.webhookEventTypes };
  };

  beforeAll(async () => {
    owner = await signedInAccount(started.runtime, 'user', 'owner');
    const teamId = await createTeamAs(owner);
    billing = await joinedMember(started.runtime, started.inbox, owner, teamId, 'billing');
    developer = await joinedMember(started.runtime, started.inbox, owner, teamId, 'developer');
    await useWorkspace(owner, teamId);
  });

  it('billing cannot take over an endpoint with task events, nor add task events to one', async () => {
    const taskTypes = ['task.started', 'task.completed', 'task.failed', 'task.canceled'];
    const set = await put(owner, { webhookUrl: TEAM_HOOK, eventTypes: ['task.completed', 'balance.low'] });
    expect(set.statusCode, set.body).toBe(200);
    const tries = [
      { webhookUrl: ATTACKER, eventTypes: taskTypes },
      // Only the URL: the endpoint's task events would follow it.
      { webhookUrl: ATTACKER },
      { webhookUrl: ATTACKER, eventTypes: ['balance.low'] },
      // Removing the team's endpoint that carries task events.
      { webhookUrl: null },
    ];
    for (const body of tries) {
      const refused = await put(billing, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(403);
      expect(refused.json().error).toBe(TEAM_TEXTS.roleForbidden('billing'));
    }
    expect(await endpointOf(owner)).toEqual({
      webhookUrl: TEAM_HOOK,
      eventTypes: ['task.completed', 'balance.low'],
    });

    // An endpoint of account events only: billing sets it, but cannot give it task events.
    expect((await put(owner, { webhookUrl: TEAM_HOOK, eventTypes: ['balance.low'] })).statusCode).toBe(200);
    const own = await put(billing, { webhookUrl: 'http://127.0.0.1:9/finance', eventTypes: ['balance.low'] });
    expect(own.statusCode, own.body).toBe(200);
    const widened = await put(billing, { webhookUrl: 'http://127.0.0.1:9/finance', eventTypes: taskTypes });
    expect(widened.statusCode).toBe(403);
    expect(await endpointOf(owner)).toEqual({
      webhookUrl: 'http://127.0.0.1:9/finance',
      eventTypes: ['balance.low'],
    });
    // Owners and admins change any endpoint; a developer (no billing) none, as before.
    expect((await put(developer, { webhookUrl: TEAM_HOOK })).statusCode).toBe(403);
    expect((await put(owner, { webhookUrl: TEAM_HOOK, eventTypes: taskTypes })).statusCode).toBe(200);
  });
});
