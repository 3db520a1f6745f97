import {
  type CreateTeamBody,
  type CreateTeamResponse,
  type DeleteTeamBody,
  TEAM_TEXTS,
  type Team,
  type TeamResponse,
  type UpdateTeamBody,
  type WorkspaceRole,
} from '@conduit/contracts';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { ValidationFailed } from '../../platform/errors.ts';
import { notifyKeysChanged, notifySessionsChanged } from '../../platform/events-channel.ts';
import { newId } from '../../platform/ids.ts';
import type { Clock } from '../../platform/services.ts';
import { users } from '../auth/schema.ts';
import { NEW_WORKSPACE_PLAN } from '../auth/users.ts';
import { type WorkspaceRow, workspaceMembers, workspaces } from '../auth/workspace-schema.ts';
import { workspaceInvitations } from './schema.ts';
import { teamFor } from './team-access.ts';
import { recordTeamEvent } from './team-audit.ts';
import { readEmail, readTeamName } from './team-values.ts';
import { teamCreated, teamDeleted } from './workspace-events.ts';

export interface TeamsContext {
  db: Db;
  clock: Clock;
}

export const toTeam = (row: WorkspaceRow): Team => ({
  id: row.id,
  name: row.name ?? '',
  billingEmail: row.billingEmail,
  createdAt: row.createdAt.toISOString(),
});

/** A new team with its creator as owner and an empty credit account (free credits stay personal). */
export async function createTeam(
  ctx: TeamsContext,
  userId: string,
  body: CreateTeamBody,
): Promise<CreateTeamResponse> {
  const name = readTeamName(body.name);
  const billingEmail = readEmail(body.billingEmail, 'billingEmail');
  const team = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(workspaces)
      .values({
        id: newId('team'),
        kind: 'team',
        name,
        billingEmail,
        ...NEW_WORKSPACE_PLAN,
        createdBy: userId,
        createdAt: now,
      })
      .returning();
    const created = row as WorkspaceRow;
    await tx
      .insert(workspaceMembers)
      .values({ workspaceId: created.id, userId, role: 'owner', joinedAt: now });
    await teamCreated.publish({ tx, workspaceId: created.id });
    await recordTeamEvent(tx, {
      workspace: created,
      actorId: userId,
      action: 'team.created',
      details: { name },
      at: now,
    });
    return created;
  });
  return { team: toTeam(team), message: TEAM_TEXTS.created };
}

/** Name and billing email: owners and admins. */
export async function updateTeam(
  ctx: TeamsContext,
  userId: string,
  teamId: string,
  body: UpdateTeamBody,
): Promise<Team> {
  const changes: Partial<Pick<WorkspaceRow, 'name' | 'billingEmail'>> = {};
  if (body.name !== undefined) changes.name = readTeamName(body.name);
  if (body.billingEmail !== undefined) changes.billingEmail = readEmail(body.billingEmail, 'billingEmail');
  return ctx.db.transaction(async (tx) => {
    const { team } = await teamFor(tx, teamId, userId, 'editTeam', { lock: true });
    if (Object.keys(changes).length === 0) return toTeam(team);
    const [row] = await tx.update(workspaces).set(changes).where(eq(workspaces.id, team.id)).returning();
    await recordTeamEvent(tx, {
      workspace: team,
      actorId: userId,
      action: 'team.updated',
      details: changes,
      at: ctx.clock.now(),
    });
    return toTeam(row as WorkspaceRow);
  });
}

/**
 * Deleting a team (owners, typing its name): its keys stop at once (every key check reads the
 * workspace's `deleted_at`), pending invitations die, members' sessions fall back to their
 * personal workspace, its result files expire, auto top-up goes off and the saved card is dropped.
 * The ledger and purchases stay for accounting.
 */
export async function deleteTeam(
  ctx: TeamsContext,
  userId: string,
  teamId: string,
  body: DeleteTeamBody,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { team } = await teamFor(tx, teamId, userId, 'ownTeam', { lock: true });
    if (body.confirmName.trim() !== team.name)
      throw new ValidationFailed(TEAM_TEXTS.confirmNameWrong, 'confirmName');
    const now = ctx.clock.now();
    await tx.update(workspaces).set({ deletedAt: now }).where(eq(workspaces.id, team.id));
    await tx
      .update(workspaceInvitations)
      .set({ usedAt: now })
      .where(and(eq(workspaceInvitations.workspaceId, team.id), isNull(workspaceInvitations.usedAt)));
    const members = await tx
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, team.id));
    for (const member of members) await notifySessionsChanged(tx, member.userId);
    await notifyKeysChanged(tx, team.id);
    // Its keys stop; its result files stop being served now (the hourly expiry run deletes
    // them); auto top-up goes off; its request log goes.
    await teamDeleted.publish({ tx, workspaceId: team.id, now });
  });
}

/** A team as one of its members sees it. */
export async function getTeam(ctx: TeamsContext, userId: string, teamId: string): Promise<TeamResponse> {
  const { team, access } = await teamFor(ctx.db, teamId, userId, 'viewSpend');
  const members = await ctx.db
    .select({ member: workspaceMembers, email: users.email, name: users.name })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, team.id))
    .orderBy(asc(workspaceMembers.joinedAt));
  const seesInvitations = access.role === 'owner' || access.role === 'admin';
  const invitations = seesInvitations
    ? await ctx.db
        .select({ invitation: workspaceInvitations, invitedBy: users.email })
        .from(workspaceInvitations)
        .leftJoin(users, eq(users.id, workspaceInvitations.invitedBy))
        .where(
          and(
            eq(workspaceInvitations.workspaceId, team.id),
            isNull(workspaceInvitations.usedAt),
            gt(workspaceInvitations.expiresAt, ctx.clock.now()),
          ),
        )
        .orderBy(asc(workspaceInvitations.createdAt))
    : [];
  return {
    team: toTeam(team),
    role: access.role,
    members: members.map(({ member, email, name }) => ({
      userId: member.userId,
      email,
      name,
      role: member.role as WorkspaceRole,
      joinedAt: member.joinedAt.toISOString(),
    })),
    invitations: invitations.map(({ invitation, invitedBy }) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role as WorkspaceRole,
      invitedBy,
      createdAt: invitation.createdAt.toISOString(),
      expiresAt: invitation.expiresAt.toISOString(),
    })),
  };
}
