import { appPath, type WorkspaceRole } from '@conduit/contracts';
import { expect } from 'vitest';
import { type SignedInAccount, signedInAccount } from './accounts.ts';
import { linkIn, type SmtpInbox } from './smtp-inbox.ts';
import type { TestRuntime } from './test-runtime.ts';

/** The token of the newest team invitation mailed to `email`. */
export async function invitationTokenFor(inbox: SmtpInbox, email: string, since = 0): Promise<string> {
  const mail = await inbox.waitForMail(email, { since });
  const link = new URL(linkIn(mail, 'http'));
  const token = link.pathname.split('/').at(-1);
  if (!link.pathname.startsWith('/invite/') || !token) throw new Error(`Not an invitation link: ${link}`);
  return decodeURIComponent(token);
}

/** The owner's new team, through the API. */
export async function createTeamAs(owner: SignedInAccount, name = 'Acme'): Promise<string> {
  const created = await owner.call('POST', appPath('createTeam'), {
    name,
    billingEmail: 'finance@acme.test',
  });
  expect(created.statusCode).toBe(201);
  return created.json().team.id as string;
}

/**
 * A new account that joined the team with `role` the way a person does: invited by `inviter`,
 * the mailed link accepted while signed in; its session then works in the team.
 */
export async function joinedMember(
  runtime: TestRuntime,
  inbox: SmtpInbox,
  inviter: SignedInAccount,
  teamId: string,
  role: WorkspaceRole,
): Promise<SignedInAccount> {
  const member = await signedInAccount(runtime, 'user', role);
  const since = inbox.messages.length;
  const invited = await inviter.call('POST', appPath('inviteMember', { teamId }), {
    email: member.email,
    role,
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const token = await invitationTokenFor(inbox, member.email, since);
  const accepted = await member.call('POST', appPath('acceptInvitation', { token }));
  expect(accepted.statusCode, accepted.body).toBe(200);
  return member;
}

/** Makes the browser of `account` work in the workspace (its personal one: its own id). */
export async function useWorkspace(account: SignedInAccount, workspaceId: string) {
  const selected = await account.call('PUT', appPath('selectWorkspace'), { workspaceId });
  expect(selected.statusCode, selected.body).toBe(200);
}
