import {
  TEAM_TEXTS,
  type WorkspaceRole,
  type WorkspaceSummary,
  type WorkspacesResponse,
} from '@conduit/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database.ts';
import { sessions } from '../auth/schema.ts';
import type { WorkspaceAccess } from '../auth/workspace-access.ts';
import { workspaceMembers, workspaces } from '../auth/workspace-schema.ts';
import { teamFor } from './team-access.ts';

export const toWorkspaceSummary = (
  workspace: Pick<WorkspaceAccess, 'id' | 'kind' | 'name' | 'role'>,
): WorkspaceSummary => ({
  id: workspace.id,
  kind: workspace.kind,
  name: workspace.kind === 'personal' ? TEAM_TEXTS.personalName : (workspace.name ?? ''),
  role: workspace.role,
});

/** The personal workspace first, then the person's teams by name. */
export async function listWorkspaces(
  db: DbOrTx,
  userId: string,
  current: WorkspaceAccess,
): Promise<WorkspacesResponse> {
  const teams = await db
    .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), isNull(workspaces.deletedAt)))
    .orderBy(asc(workspaces.name));
  return {
    current: toWorkspaceSummary(current),
    workspaces: [
      toWorkspaceSummary({ id: userId, kind: 'personal', name: null, role: 'owner' }),
      ...teams.map((team) => toWorkspaceSummary({ ...team, kind: 'team', role: team.role as WorkspaceRole })),
    ],
  };
}

/**
 * Remembers the workspace this browser works in, on its session. Only the personal workspace or
 * a live team the person belongs to; anything else is 404. The choice is checked again on every
 * request, so leaving a team later falls back to the personal workspace.
 */
export async function selectWorkspace(db: DbOrTx, userId: string, sessionId: string, workspaceId: string) {
  // The same check as every team route: a live team the person belongs to, else 404.
  if (workspaceId !== userId) await teamFor(db, workspaceId, userId, 'viewSpend');
  await db
    .update(sessions)
    .set({ workspaceId: workspaceId === userId ? null : workspaceId })
    .where(eq(sessions.id, sessionId));
}
