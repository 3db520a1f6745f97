import { appPath, TEAM_TEXTS } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { type SignedInAccount, signedInAccount } from '../../../test/accounts.ts';
import { withRuntimeAndInbox } from '../../../test/runtime-with-inbox.ts';
import { createTeamAs, invitationTokenFor, joinedMember } from '../../../test/team-members.ts';

/*
 * The invitations an admin sent end with their right to send them: removed, demoted below admin
 * or gone, they cannot rejoin (or let anyone in) through an invitation to another address.
 */
describe('invitations of a removed or demoted admin', () => {
  const started = withRuntimeAndInbox({});

  const invite = async (inviter: SignedInAccount, teamId: string, email: string) => {
    const since = started.inbox.messages.length;
    const invited = await inviter.call('POST', appPath('inviteMember', { teamId }), { email, role: 'admin' });
    expect(invited.statusCode, invited.body).toBe(201);
    return invitationTokenFor(started.inbox, email, since);
  };
  const accept = (account: SignedInAccount, token: string) =>
    account.call('POST', appPath('acceptInvitation', { token }));

  for (const [how, change] of [
    [
      'removed',
      (owner: SignedInAccount, teamId: string, admin: SignedInAccount) =>
        owner.call('DELETE', appPath('removeMember', { teamId, userId: admin.userId })),
    ],
    [
      'demoted to developer',
      (owner: SignedInAccount, teamId: string, admin: SignedInAccount) =>
        owner.call('PATCH', appPath('updateMember', { teamId, userId: admin.userId }), { role: 'developer' }),
    ],
    [
      'leaving',
      (_owner: SignedInAccount, teamId: string, admin: SignedInAccount) =>
        admin.call('DELETE', appPath('removeMember', { teamId, userId: admin.userId })),
    ],
  ] as const) {
    it(`${how}: the invitations they sent stop working; the owner's stay`, async () => {
      const owner = await signedInAccount(started.runtime, 'user', 'owner');
      const teamId = await createTeamAs(owner);
      const admin = await joinedMember(started.runtime, started.inbox, owner, teamId, 'admin');
      const secondAddress = await signedInAccount(started.runtime, 'user', 'second');
      const guest = await signedInAccount(started.runtime, 'user', 'guest');
      const fromAdmin = await invite(admin, teamId, secondAddress.email);
      const fromOwner = await invite(owner, teamId, guest.email);

      const changed = await change(owner, teamId, admin);
      expect(changed.statusCode, changed.body).toBe(200);

      const refused = await accept(secondAddress, fromAdmin);
      expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
      expect(refused.json().error).toBe(TEAM_TEXTS.invitationInvalid);
      const members = (await owner.call('GET', appPath('team', { teamId }))).json().members as {
        email: string;
      }[];
      expect(members.map((member) => member.email)).not.toContain(secondAddress.email);
      expect((await accept(guest, fromOwner)).statusCode).toBe(200);
    });
  }
});
