import { appPath, TEAM_TEXTS } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { type SignedInAccount, signedInAccount } from '../../../test/accounts.ts';
import { ledgerCheck, postWithKey } from '../../../test/paid-account.ts';
import { withRuntimeAndInbox } from '../../../test/runtime-with-inbox.ts';
import { createTeamAs, invitationTokenFor, joinedMember, useWorkspace } from '../../../test/team-members.ts';

describe('a team over its life', () => {
  const started = withRuntimeAndInbox({});

  const paidCall = (key: string, index: number) =>
    postWithKey(started.runtime.app, key, '/api/provider/sora-watermark-remover', {
      video_url: `https://sora.chatgpt.com/p/team-${index}`,
    });
  const createKey = async (member: SignedInAccount) => {
    const created = await member.call('POST', appPath('createKey'), { keyName: `key of ${member.email}` });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().key as { _id: string; keyValue: string; createdBy: string };
  };
  const grant = (workspaceId: string, credits: number) =>
    started.runtime.services.pool.query(
      `with c as (update credit_accounts set balance = balance + $2 where workspace_id = $1 returning balance)
       insert into credit_entries (id, workspace_id, delta, reason, reference, balance_after)
       select 'cre_' || md5(random()::text), $1, $2, 'adjustment', 'test:' || md5(random()::text), balance from c`,
      [workspaceId, credits],
    );

  /** An owner's team on `credits`, with a developer who made a key for it. */
  const teamWithDeveloperKey = async (label: string, credits: number, name?: string) => {
    const owner = await signedInAccount(started.runtime, 'user', label);
    const teamId = await createTeamAs(owner, name);
    const developer = await joinedMember(started.runtime, started.inbox, owner, teamId, 'developer');
    await grant(teamId, credits);
    return { owner, teamId, developer, key: await createKey(developer) };
  };

  it('a new team starts at 0 credits: free credits stay personal', async () => {
    const owner = await signedInAccount(started.runtime, 'user', 'founder');
    const teamId = await createTeamAs(owner);
    expect(await ledgerCheck(started.runtime.services, teamId)).toEqual({ balance: 0, sum: 0 });
    await useWorkspace(owner, teamId);
    expect((await owner.call('GET', appPath('credits'))).json().balance).toBe(0);
    expect((await owner.call('GET', appPath('me'))).json().user.apiProvider).toEqual({
      maxApiKeys: 10,
      tier: 'free',
    });
  });

  it('two members spending one balance at once: 1,000 calls over both keys on 1 credit, exactly one charged', async () => {
    const owner = await signedInAccount(started.runtime, 'user', 'spender');
    const teamId = await createTeamAs(owner);
    const developer = await joinedMember(started.runtime, started.inbox, owner, teamId, 'developer');
    await useWorkspace(owner, teamId);
    await started.runtime.services.pool.query(
      "update workspaces set tier = 'enterprise', rate_limit_per_minute = 100000, rate_limit_per_hour = 100000, rate_limit_per_day = 100000 where id = $1",
      [teamId],
    );
    await grant(teamId, 1);
    const keys = [(await createKey(owner)).keyValue, (await createKey(developer)).keyValue];
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, index) => paidCall(keys[index % 2] as string, index)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 402)).toHaveLength(999);
    expect(await ledgerCheck(started.runtime.services, teamId)).toEqual({ balance: 0, sum: 1 - 1 });
    // The members' personal balances were never touched.
    expect(await ledgerCheck(started.runtime.services, owner.userId)).toEqual({ balance: 0, sum: 0 });
    expect(await ledgerCheck(started.runtime.services, developer.userId)).toEqual({ balance: 0, sum: 0 });
  }, 60_000);

  it('removing a member ends their access at once; the keys they made keep working for the team', async () => {
    const { owner, teamId, developer, key } = await teamWithDeveloperKey('lead', 10);
    expect(key.createdBy).toBe(developer.email);

    const removed = await owner.call('DELETE', appPath('removeMember', { teamId, userId: developer.userId }));
    expect(removed.json()).toEqual({ message: TEAM_TEXTS.memberRemoved });
    // The same browser session now works in the personal workspace: the team's keys are gone from view.
    const keys = (await developer.call('GET', appPath('keys'))).json();
    expect(keys.keys.map((k: { _id: string }) => k._id)).not.toContain(key._id);
    expect((await developer.call('GET', appPath('team', { teamId }))).statusCode).toBe(404);
    expect(
      (await developer.call('PUT', appPath('selectWorkspace'), { workspaceId: teamId })).statusCode,
    ).toBe(404);

    // The key belongs to the team, not to the person: it still spends the team's credits.
    expect((await paidCall(key.keyValue, 1)).statusCode).toBe(200);
    expect((await ledgerCheck(started.runtime.services, teamId)).balance).toBe(9);
    await useWorkspace(owner, teamId);
    const teamKeys = (await owner.call('GET', appPath('keys'))).json().keys;
    expect(teamKeys).toEqual([expect.objectContaining({ _id: key._id, createdBy: developer.email })]);
    const me = (await paidCall(key.keyValue, 2)).json();
    expect(me.success).toBe(true);
    const account = await started.runtime.app.inject({
      method: 'GET',
      url: '/api/provider/me',
      headers: { 'x-api-key': key.keyValue },
    });
    expect(account.json().data.workspace).toEqual({ id: teamId, kind: 'team', name: 'Acme' });
  });

  it('only owners touch owners; a team always keeps an owner; ownership can be handed on', async () => {
    const owner = await signedInAccount(started.runtime, 'user', 'boss');
    const teamId = await createTeamAs(owner);
    const admin = await joinedMember(started.runtime, started.inbox, owner, teamId, 'admin');
    const ownerUrl = appPath('updateMember', { teamId, userId: owner.userId });

    const demote = await admin.call('PATCH', ownerUrl, { role: 'developer' });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().error).toBe(TEAM_TEXTS.onlyOwnersManageOwners);
    const promote = await admin.call('PATCH', appPath('updateMember', { teamId, userId: admin.userId }), {
      role: 'owner',
    });
    expect(promote.json().error).toBe(TEAM_TEXTS.onlyOwnersManageOwners);
    const ownerInvite = await admin.call('POST', appPath('inviteMember', { teamId }), {
      email: 'another-owner@example.com',
      role: 'owner',
    });
    expect(ownerInvite.statusCode).toBe(403);

    const selfDemote = await owner.call('PATCH', ownerUrl, { role: 'admin' });
    expect(selfDemote.statusCode).toBe(400);
    expect(selfDemote.json().error).toBe(TEAM_TEXTS.lastOwner);
    const leave = await owner.call('DELETE', appPath('removeMember', { teamId, userId: owner.userId }));
    expect(leave.json().error).toBe(TEAM_TEXTS.lastOwner);
    const deleteAccount = await owner.call('DELETE', appPath('deleteAccount'), { confirmEmail: owner.email });
    expect(deleteAccount.statusCode).toBe(409);
    expect(deleteAccount.json().error).toBe(TEAM_TEXTS.deleteAccountLastOwner(['Acme']));

    const transfer = await owner.call('POST', appPath('transferOwnership', { teamId }), {
      userId: admin.userId,
    });
    expect(transfer.json()).toEqual({ message: TEAM_TEXTS.ownershipTransferred });
    const team = (await admin.call('GET', appPath('team', { teamId }))).json();
    expect(team.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.email, 'admin'],
      [admin.email, 'owner'],
    ]);
    // The former owner, now an admin, may leave.
    const left = await owner.call('DELETE', appPath('removeMember', { teamId, userId: owner.userId }));
    expect(left.json()).toEqual({ message: TEAM_TEXTS.left });
  });

  it('an invitation works once, for 7 days, for the invited and verified address only', async () => {
    const owner = await signedInAccount(started.runtime, 'user', 'inviter');
    const teamId = await createTeamAs(owner);
    const invitee = await signedInAccount(started.runtime, 'user', 'invitee');
    const since = started.inbox.messages.length;
    const invited = (
      await owner.call('POST', appPath('inviteMember', { teamId }), {
        email: invitee.email.toUpperCase(),
        role: 'billing',
      })
    ).json();
    expect(invited).toMatchObject({
      emailSent: true,
      message: TEAM_TEXTS.invited,
      invitation: { email: invitee.email },
    });
    expect(Date.parse(invited.invitation.expiresAt) - Date.parse(invited.invitation.createdAt)).toBe(
      7 * 86_400_000,
    );
    const token = await invitationTokenFor(started.inbox, invitee.email, since);
    expect(invited.link).toBe(`${started.runtime.services.config.PUBLIC_URL}/invite/${token}`);

    const preview = await started.runtime.app.inject({
      method: 'GET',
      url: appPath('invitation', { token }),
    });
    expect(preview.json()).toMatchObject({
      teamName: 'Acme',
      role: 'billing',
      email: invitee.email,
      invitedBy: owner.email,
    });

    const stranger = await signedInAccount(started.runtime, 'user', 'stranger');
    const wrongPerson = await stranger.call('POST', appPath('acceptInvitation', { token }));
    expect(wrongPerson.statusCode).toBe(403);
    expect(wrongPerson.json().error).toBe(TEAM_TEXTS.invitationOtherEmail);

    // Opened twice at the same moment: one join.
    const [first, second] = await Promise.all([
      invitee.call('POST', appPath('acceptInvitation', { token })),
      invitee.call('POST', appPath('acceptInvitation', { token })),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 404]);
    const again = await invitee.call('POST', appPath('acceptInvitation', { token }));
    expect(again.json().error).toBe(TEAM_TEXTS.invitationInvalid);

    const late = await signedInAccount(started.runtime, 'user', 'late');
    const lateSince = started.inbox.messages.length;
    await owner.call('POST', appPath('inviteMember', { teamId }), { email: late.email, role: 'developer' });
    const lateToken = await invitationTokenFor(started.inbox, late.email, lateSince);
    await started.runtime.services.pool.query(
      "update workspace_invitations set expires_at = now() - interval '1 second' where email = $1",
      [late.email],
    );
    expect((await late.call('POST', appPath('acceptInvitation', { token: lateToken }))).statusCode).toBe(404);

    const unverified = await signedInAccount(started.runtime, 'user', 'unverified');
    await started.runtime.services.pool.query('update users set email_verified_at = null where id = $1', [
      unverified.userId,
    ]);
    const unverifiedSince = started.inbox.messages.length;
    await owner.call('POST', appPath('inviteMember', { teamId }), {
      email: unverified.email,
      role: 'developer',
    });
    const unverifiedToken = await invitationTokenFor(started.inbox, unverified.email, unverifiedSince);
    const refused = await unverified.call('POST', appPath('acceptInvitation', { token: unverifiedToken }));
    expect(refused.json().error).toBe(TEAM_TEXTS.invitationNeedsVerified);

    const revokable = (
      await owner.call('POST', appPath('inviteMember', { teamId }), {
        email: 'nobody@example.com',
        role: 'developer',
      })
    ).json();
    await owner.call(
      'DELETE',
      appPath('revokeInvitation', { teamId, invitationId: revokable.invitation.id }),
    );
    const team = (await owner.call('GET', appPath('team', { teamId }))).json();
    expect(team.invitations.map((i: { email: string }) => i.email)).toEqual([unverified.email]);
  });

  it('a billing member buys a pack for the team; the audit log records who did what', async () => {
    const owner = await signedInAccount(started.runtime, 'user', 'treasurer');
    const teamId = await createTeamAs(owner);
    const billing = await joinedMember(started.runtime, started.inbox, owner, teamId, 'billing');
    const developer = await joinedMember(started.runtime, started.inbox, owner, teamId, 'developer');
    await createKey(developer);
    await useWorkspace(owner, teamId);
    await owner.call('PATCH', appPath('updateMember', { teamId, userId: developer.userId }), {
      role: 'admin',
    });

    const { url } = (
      await billing.call('POST', appPath('createCheckoutSession'), { package: 'starter' })
    ).json();
    const sessionId = url.split('/').pop() as string;
    expect((await billing.call('GET', appPath('sandboxSession', { sessionId }))).json().email).toBe(
      billing.email,
    );
    await billing.call('POST', `/api/payments/sandbox/${sessionId}/pay`);
    const verified = await billing.call('POST', appPath('verifyPayment'), { sessionId });
    expect(verified.json()).toMatchObject({ success: true, creditsAdded: 100 });
    expect(await ledgerCheck(started.runtime.services, teamId)).toEqual({ balance: 100, sum: 100 });
    expect((await ledgerCheck(started.runtime.services, billing.userId)).balance).toBe(0);
    // The first purchase moves the team, not its buyer, to Pro.
    expect((await owner.call('GET', appPath('me'))).json().user.apiProvider.tier).toBe('pro');
    expect((await billing.call('GET', appPath('keys'))).statusCode).toBe(403);

    const log = (await owner.call('GET', appPath('teamAuditLog', { teamId }))).json();
    expect(
      log.entries.map((entry: { action: string; actor: string }) => [entry.action, entry.actor]).reverse(),
    ).toEqual([
      ['team.created', owner.email],
      ['member.invited', owner.email],
      ['member.joined', billing.email],
      ['member.invited', owner.email],
      ['member.joined', developer.email],
      ['key.created', developer.email],
      ['member.role_changed', owner.email],
      ['purchase.completed', billing.email],
    ]);
    const roleChange = log.entries.find(
      (entry: { action: string }) => entry.action === 'member.role_changed',
    );
    expect(roleChange.details).toMatchObject({ from: 'developer', to: 'admin', email: developer.email });
  });

  it('the audit log pages newest first: each next cursor goes on where its page ended, the last page has none', async () => {
    const owner = await signedInAccount(started.runtime, 'user', 'chronicler');
    const teamId = await createTeamAs(owner, 'Chronicle 0');
    // team.created and 59 renames: 60 events, more than the route's default page of 50. The renames
    // are a few milliseconds apart, so newest first is one order.
    const renames = 59;
    for (let index = 1; index <= renames; index += 1) {
      await new Promise((resolve) => setTimeout(resolve, 3));
      const renamed = await owner.call('PATCH', appPath('updateTeam', { teamId }), {
        name: `Chronicle ${index}`,
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
    }
    const newestFirst = [
      ...Array.from({ length: renames }, (_, index) => `team.updated Chronicle ${renames - index}`),
      'team.created Chronicle 0',
    ];
    type Entry = { id: string; action: string; actor: string; details: { name: string } };
    const readPage = async (query: { limit?: number; cursor?: string }) => {
      const search = new URLSearchParams();
      if (query.limit) search.set('limit', String(query.limit));
      if (query.cursor) search.set('cursor', query.cursor);
      const answer = await owner.call('GET', `${appPath('teamAuditLog', { teamId })}?${search}`);
      expect(answer.statusCode, answer.body).toBe(200);
      const page = answer.json() as { entries: Entry[]; nextCursor: string | null };
      expect(page.entries.every((entry) => entry.actor === owner.email)).toBe(true);
      return { events: page.entries.map((entry) => `${entry.action} ${entry.details.name}`), page };
    };

    // The default page: the 50 newest; its cursor leads to the 10 older ones, and no further.
    const first = await readPage({});
    expect(first.events).toEqual(newestFirst.slice(0, 50));
    expect(first.page.nextCursor).toEqual(expect.any(String));
    const second = await readPage({ cursor: first.page.nextCursor as string });
    expect(second.events).toEqual(newestFirst.slice(50));
    expect(second.page.nextCursor).toBeNull();

    // Any page size walks the same log once: pages of 1, pages that end exactly at its end (20),
    // a last page that is shorter (7), one page of all of it (60) and a page larger than it (200).
    for (const limit of [1, 7, 20, 60, 200]) {
      const walked: string[] = [];
      const ids = new Set<string>();
      let cursor: string | undefined;
      let pages = 0;
      do {
        const { events, page } = await readPage({ limit, cursor });
        pages += 1;
        expect(events.length, `page ${pages} of ${limit}`).toBe(
          Math.min(limit, newestFirst.length - walked.length),
        );
        walked.push(...events);
        for (const entry of page.entries) ids.add(entry.id);
        cursor = page.nextCursor ?? undefined;
      } while (cursor && pages <= newestFirst.length);
      expect(walked, `pages of ${limit}`).toEqual(newestFirst);
      expect(ids.size).toBe(newestFirst.length);
      expect(pages).toBe(Math.ceil(newestFirst.length / limit));
    }
  });

  it('deleting a team stops its keys at once and sends its members back to their own workspace', async () => {
    const { owner, teamId, developer, key } = await teamWithDeveloperKey('closer', 5, 'Closing Co');
    expect((await paidCall(key.keyValue, 1)).statusCode).toBe(200);
    const wrong = await owner.call('DELETE', appPath('deleteTeam', { teamId }), {
      confirmName: 'closing co',
    });
    expect(wrong.json().error).toBe(TEAM_TEXTS.confirmNameWrong);
    const deleted = await owner.call('DELETE', appPath('deleteTeam', { teamId }), {
      confirmName: 'Closing Co',
    });
    expect(deleted.json()).toEqual({ message: TEAM_TEXTS.deleted });
    expect((await paidCall(key.keyValue, 2)).statusCode).toBe(401);
    expect((await developer.call('GET', appPath('workspaces'))).json().current.kind).toBe('personal');
    expect((await owner.call('GET', appPath('team', { teamId }))).statusCode).toBe(404);
    // The ledger stays for accounting.
    expect(await ledgerCheck(started.runtime.services, teamId)).toEqual({ balance: 4, sum: 4 });
    // The rows of its paid calls name the team and the key without a foreign key: neither row can
    // ever be deleted, by the product or by hand (migration 0040).
    const { pool } = started.runtime.services;
    for (const [table, id] of [
      ['workspaces', teamId],
      ['api_keys', key._id],
    ] as const) {
      await expect(pool.query(`delete from ${table} where id = $1`, [id])).rejects.toMatchObject({
        code: '23001',
      });
    }
    const { rows } = await pool.query(
      `select (select count(*) from tasks t join api_keys k on k.id = t.api_key_id
                where t.workspace_id = $1 and k.workspace_id = $1)::int as tasks,
              (select count(*) from credit_entries where workspace_id = $1)::int as entries,
              (select count(*) from workspaces where id = $1 and deleted_at is not null)::int as team`,
      [teamId],
    );
    expect(rows[0]).toEqual({ tasks: 1, entries: 2, team: 1 });
  });

  it('the admin area lists teams with members, balance and use, and counts them', async () => {
    const { owner, teamId, developer, key } = await teamWithDeveloperKey('listed', 5, 'Listed Labs');
    expect((await paidCall(key.keyValue, 1)).statusCode).toBe(200);

    const admin = await signedInAccount(started.runtime, 'admin');
    const listedAnswer = await admin.call('GET', `${appPath('adminTeams')}?search=listed`);
    expect(listedAnswer.statusCode, listedAnswer.body).toBe(200);
    const listed = listedAnswer.json();
    expect(listed.total).toBe(1);
    expect(listed.teams[0]).toMatchObject({
      id: teamId,
      name: 'Listed Labs',
      billingEmail: 'finance@acme.test',
      tier: 'free',
      balance: 4,
      activeKeys: 1,
      calls30d: 1,
      credits30d: 1,
      members: [
        { email: owner.email, role: 'owner' },
        { email: developer.email, role: 'developer' },
      ],
    });
    // A member's email finds the team too.
    const byMember = (
      await admin.call('GET', `${appPath('adminTeams')}?search=${encodeURIComponent(developer.email)}`)
    ).json();
    expect(byMember.teams.map((team: { id: string }) => team.id)).toEqual([teamId]);
    // One team a page: the next page keeps the search, the count and the 30-day window.
    await createTeamAs(owner, 'Listed Later');
    const page = (cursor?: string) =>
      admin.call(
        'GET',
        `${appPath('adminTeams')}?search=listed&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
    const first = (await page()).json();
    expect(first).toMatchObject({ total: 2, teams: [{ name: 'Listed Later', calls30d: 0 }] });
    expect((await page(first.nextCursor)).json()).toMatchObject({
      total: 2,
      nextCursor: null,
      teams: [{ id: teamId, calls30d: 1 }],
    });
    const overview = (await admin.call('GET', appPath('adminDashboard'))).json().overview;
    expect(overview.teams.total).toBeGreaterThanOrEqual(1);
    expect(overview.teams.active).toBeGreaterThanOrEqual(1);
    expect((await owner.call('GET', appPath('adminTeams'))).statusCode).toBe(403);
  });
});
