import { appPath, INVITATION_LIMITS, TEAM_TEXTS } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { type SignedInAccount, signedInAccount } from '../../../test/accounts.ts';
import { withRuntimeAndInbox } from '../../../test/runtime-with-inbox.ts';
import { recipientOf } from '../../../test/smtp-inbox.ts';
import { createTeamAs, joinedMember } from '../../../test/team-members.ts';

// Issue 32, point 5: invitations are no open mail relay, and the team name a sender typed never
// reaches a subject line.
const started = withRuntimeAndInbox({});
const invite = (inviter: SignedInAccount, teamId: string, email: string) =>
  inviter.call('POST', appPath('inviteMember', { teamId }), { email, role: 'developer' });
function statuses(answers: { statusCode: number }[]) {
  const count: Record<number, number> = {};
  for (const answer of answers) count[answer.statusCode] = (count[answer.statusCode] ?? 0) + 1;
  return count;
}

describe('team invitation limits', () => {
  it('one inviter gets at most INVITATION_LIMITS.perInviter an hour, however fast they send', async () => {
    const owner = await signedInAccount(started.runtime, 'user', 'relay');
    const teamId = await createTeamAs(owner, 'Relay');
    const burst = await Promise.all(
      Array.from({ length: INVITATION_LIMITS.perInviter + 10 }, (_, i) =>
        invite(owner, teamId, `target-${i}-${owner.userId}@example.com`),
      ),
    );
    expect(statuses(burst)).toEqual({ 201: INVITATION_LIMITS.perInviter, 429: 10 });
    const refused = burst.find((answer) => answer.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.json().error).toBe(TEAM_TEXTS.tooManyInvitations);
    const { rows } = await started.runtime.services.pool.query(
      'select count(*)::int as n from workspace_invitations where workspace_id = $1',
      [teamId],
    );
    expect(rows[0].n).toBe(INVITATION_LIMITS.perInviter);
  });

  it('one team gets at most INVITATION_LIMITS.perTeam a day, across its admins', async () => {
    const owner = await signedInAccount(started.runtime, 'user', 'big');
    const teamId = await createTeamAs(owner, 'Big');
    const admins = [owner];
    while (admins.length * INVITATION_LIMITS.perInviter <= INVITATION_LIMITS.perTeam) {
      admins.push(await joinedMember(started.runtime, started.inbox, owner, teamId, 'admin'));
    }
    const { rows } = await started.runtime.services.pool.query(
      'select count(*)::int as n from workspace_invitations where workspace_id = $1',
      [teamId],
    );
    const sentSoFar = rows[0].n as number;
    const answers = await Promise.all(
      admins.flatMap((admin, a) =>
        Array.from({ length: INVITATION_LIMITS.perInviter - (a === 0 ? sentSoFar : 1) }, (_, i) =>
          invite(admin, teamId, `member-${a}-${i}-${teamId}@example.com`),
        ),
      ),
    );
    expect(sentSoFar + (statuses(answers)[201] ?? 0)).toBe(INVITATION_LIMITS.perTeam);
  });

  it('one address gets at most INVITATION_LIMITS.perRecipient a day, from any number of teams', async () => {
    const victim = `victim-${Date.now()}@example.com`;
    const senders = await Promise.all(
      Array.from({ length: INVITATION_LIMITS.perRecipient + 2 }, (_, i) =>
        signedInAccount(started.runtime, 'user', `sender${i}`),
      ),
    );
    const teams = await Promise.all(senders.map((sender, i) => createTeamAs(sender, `Team ${i}`)));
    const answers = await Promise.all(senders.map((sender, i) => invite(sender, teams[i] as string, victim)));
    expect(statuses(answers)).toEqual({ 201: INVITATION_LIMITS.perRecipient, 429: 2 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(started.inbox.messages.filter((m) => recipientOf(m) === victim)).toHaveLength(
      INVITATION_LIMITS.perRecipient,
    );
  });
});

describe('team invitation mail', () => {
  it('keeps the team name the sender typed out of the subject', async () => {
    const owner = await signedInAccount(started.runtime, 'user', 'phisher');
    const name = 'Security notice: your account is locked, call +1 555 0100';
    const teamId = await createTeamAs(owner, name);
    const to = `reader-${owner.userId}@example.com`;
    const since = started.inbox.messages.length;
    expect((await invite(owner, teamId, to)).statusCode).toBe(201);
    const mail = await started.inbox.waitForMail(to, { since });
    expect(mail.subject).toBe(TEAM_TEXTS.invitationSubject);
    expect(mail.subject).not.toContain('Security notice');
  });
});
