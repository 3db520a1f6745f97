import { and, eq } from 'drizzle-orm';
import type { Services } from '../../platform/services.ts';
import { users } from '../auth/schema.ts';
import { workspaceMembers, workspaces } from '../auth/workspace-schema.ts';

/** Who owns the workspace: a personal workspace's account, or a team's owners. */
export async function ownerEmails(services: Pick<Services, 'db'>, workspaceId: string) {
  const [workspace] = await services.db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!workspace) return { name: null, emails: [] as string[] };
  const rows =
    workspace.kind === 'personal'
      ? await services.db.select({ email: users.email }).from(users).where(eq(users.id, workspaceId))
      : await services.db
          .select({ email: users.email })
          .from(workspaceMembers)
          .innerJoin(users, eq(users.id, workspaceMembers.userId))
          .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')));
  return { name: workspace.kind === 'team' ? workspace.name : null, emails: rows.map((row) => row.email) };
}
