import { TEAM_TEXTS, type WorkspaceAction, type WorkspaceRole } from '@conduit/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database.ts';
import { NotFound } from '../../platform/errors.ts';
import { assertAllowed, toWorkspaceAccess, type WorkspaceAccess } from '../auth/workspace-access.ts';
import { type WorkspaceRow, workspaceMembers, workspaces } from '../auth/workspace-schema.ts';

export interface TeamMembership {
  team: WorkspaceRow;
  access: WorkspaceAccess;
}

/**
 * A team as the given person may act on it: 404 when the team does not exist, was deleted, or
 * the person is not a member (a team one does not belong to is indistinguishable from none),
 * 403 when their role does not allow the action. `lock` holds the team's row until the
 * transaction ends, so membership changes of one team run one at a time (the last-owner rule
 * holds under concurrency).
 */
export async function teamFor(
  tx: DbOrTx,
  teamId: string,
  userId: string,
  action: WorkspaceAction,
  options: { lock?: boolean } = {},
): Promise<TeamMembership> {
  const query = tx
    .select({ team: workspaces, role: workspaceMembers.role })
    .from(workspaces)
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, userId)),
    )
    .where(and(eq(workspaces.id, teamId), eq(workspaces.kind, 'team'), isNull(workspaces.deletedAt)));
  const [row] = options.lock ? await query.for('update', { of: workspaces }) : await query;
  if (!row) throw new NotFound(TEAM_TEXTS.notFound);
  const access = assertAllowed(toWorkspaceAccess(row.team, row.role as WorkspaceRole), action);
  return { team: row.team, access };
}

/** The owners of a team, counted inside the caller's transaction (the team row locked by teamFor). */
export async function ownerCount(tx: DbOrTx, teamId: string): Promise<number> {
  const rows = await tx
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, teamId), eq(workspaceMembers.role, 'owner')));
  return rows.length;
}
