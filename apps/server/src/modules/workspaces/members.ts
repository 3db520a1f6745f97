import { roleAllows, TEAM_TEXTS, type TeamAuditAction, type WorkspaceRole } from '@conduit/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database.ts';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../platform/errors.ts';
import { notifySessionsChanged } from '../../platform/events-channel.ts';
import { workspaceMembers } from '../auth/workspace-schema.ts';
import { workspaceInvitations } from './schema.ts';
import { ownerCount, teamFor } from './team-access.ts';
import { recordTeamEvent, type TeamAuditInput } from './team-audit.ts';
import type { TeamsContext } from './teams.ts';

/** The membership row of `userId` in the team. */
const membership = (teamId: string, userId: string) =>
  and(eq(workspaceMembers.workspaceId, teamId), eq(workspaceMembers.userId, userId));

const setMemberRole = (tx: DbOrTx, teamId: string, userId: string, role: WorkspaceRole) =>
  tx.update(workspaceMembers).set({ role }).where(membership(teamId, userId));

async function memberRole(tx: DbOrTx, teamId: string, userId: string): Promise<WorkspaceRole> {
  const [member] = await tx
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(membership(teamId, userId));
  if (!member) throw new NotFound(TEAM_TEXTS.memberNotFound);
  return member.role as WorkspaceRole;
}

/** Records what the actor did to a member (`details.userId`) in the team's log, in the change's transaction. */
const recordMemberEvent = (
  tx: DbOrTx,
  ctx: TeamsContext,
  team: TeamAuditInput['workspace'],
  actorId: string,
  action: TeamAuditAction,
  details: { userId: string } & Record<string, unknown>,
) => recordTeamEvent(tx, { workspace: team, actorId, action, details, at: ctx.clock.now() });

/**
 * The pending invitations `userId` sent for the team end with their right to send them (removed,
 * left, demoted below admin): a removed admin does not rejoin through one sent to another address.
 */
async function revokeInvitationsSentBy(tx: DbOrTx, ctx: TeamsContext, teamId: string, userId: string) {
  await tx
    .update(workspaceInvitations)
    .set({ usedAt: ctx.clock.now() })
    .where(
      and(
        eq(workspaceInvitations.workspaceId, teamId),
        eq(workspaceInvitations.invitedBy, userId),
        isNull(workspaceInvitations.usedAt),
      ),
    );
}

/** Only owners touch owners: make one, change one, remove one. */
function assertMayTouch(actorRole: WorkspaceRole, ...roles: WorkspaceRole[]) {
  if (actorRole !== 'owner' && roles.includes('owner'))
    throw new Forbidden(TEAM_TEXTS.onlyOwnersManageOwners);
}

/** Changes a member's role (owners and admins; owners only by owners; never the last owner away). */
export async function changeRole(
  ctx: TeamsContext,
  actorId: string,
  teamId: string,
  userId: string,
  role: WorkspaceRole,
) {
  await ctx.db.transaction(async (tx) => {
    const { team, access } = await teamFor(tx, teamId, actorId, 'manageMembers', { lock: true });
    const from = await memberRole(tx, team.id, userId);
    assertMayTouch(access.role, from, role);
    if (from === role) return;
    if (from === 'owner' && (await ownerCount(tx, team.id)) <= 1) throw new BadRequest(TEAM_TEXTS.lastOwner);
    await setMemberRole(tx, team.id, userId, role);
    if (!roleAllows(role, 'manageMembers')) await revokeInvitationsSentBy(tx, ctx, team.id, userId);
    await recordMemberEvent(tx, ctx, team, actorId, 'member.role_changed', { userId, from, to: role });
    // Open event streams recheck at once: a role without calls (billing) loses them.
    await notifySessionsChanged(tx, userId);
  });
}

/**
 * Removes a member, or lets a member leave (any role may leave). Access ends at once: every
 * request re-reads the membership, and the member's open event streams are told to recheck.
 * The keys they created stay with the team; the invitations they sent are revoked.
 */
export async function removeMember(ctx: TeamsContext, actorId: string, teamId: string, userId: string) {
  const isLeaving = actorId === userId;
  await ctx.db.transaction(async (tx) => {
    const { team, access } = await teamFor(tx, teamId, actorId, isLeaving ? 'viewSpend' : 'manageMembers', {
      lock: true,
    });
    const role = await memberRole(tx, team.id, userId);
    if (!isLeaving) assertMayTouch(access.role, role);
    if (role === 'owner' && (await ownerCount(tx, team.id)) <= 1) throw new BadRequest(TEAM_TEXTS.lastOwner);
    await tx.delete(workspaceMembers).where(membership(team.id, userId));
    await revokeInvitationsSentBy(tx, ctx, team.id, userId);
    await recordMemberEvent(tx, ctx, team, actorId, isLeaving ? 'member.left' : 'member.removed', {
      userId,
      role,
    });
    await notifySessionsChanged(tx, userId);
  });
  return isLeaving ? TEAM_TEXTS.left : TEAM_TEXTS.memberRemoved;
}

/** An owner hands ownership to another member and becomes an admin. */
export async function transferOwnership(ctx: TeamsContext, actorId: string, teamId: string, userId: string) {
  await ctx.db.transaction(async (tx) => {
    const { team } = await teamFor(tx, teamId, actorId, 'ownTeam', { lock: true });
    if (userId === actorId) throw new BadRequest(TEAM_TEXTS.transferToSelf);
    const from = await memberRole(tx, team.id, userId);
    await setMemberRole(tx, team.id, userId, 'owner');
    await setMemberRole(tx, team.id, actorId, 'admin');
    await recordMemberEvent(tx, ctx, team, actorId, 'ownership.transferred', {
      userId,
      from,
      previousOwner: actorId,
    });
  });
}

/**
 * Before an account is deleted: 409 when it is the only owner of a live team (the team would be
 * left without anyone able to manage it); otherwise its memberships end with it.
 */
export async function leaveAllTeams(tx: DbOrTx, userId: string) {
  const { rows } = await tx.execute<{ name: string }>(sql`
    select w.name from workspace_members m join workspaces w on w.id = m.workspace_id
     where m.user_id = ${userId} and m.role = 'owner' and w.deleted_at is null
       and not exists (select 1 from workspace_members o
                        where o.workspace_id = m.workspace_id and o.role = 'owner' and o.user_id <> m.user_id)`);
  if (rows.length > 0) throw new Conflict(TEAM_TEXTS.deleteAccountLastOwner(rows.map((row) => row.name)));
  await tx.delete(workspaceMembers).where(eq(workspaceMembers.userId, userId));
  await tx
    .update(workspaceInvitations)
    .set({ usedAt: sql`now()` })
    .where(and(eq(workspaceInvitations.invitedBy, userId), isNull(workspaceInvitations.usedAt)));
}
