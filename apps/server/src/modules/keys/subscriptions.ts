import { and, eq, isNull } from 'drizzle-orm';
import { teamDeleted } from '../workspaces/workspace-events.ts';
import { apiKeys } from './schema.ts';

/** A deleted team's keys stop at once. */
export function subscribeKeysToWorkspaces(): void {
  teamDeleted.subscribe('keys.delete-team-keys', async ({ tx, workspaceId, now }) => {
    await tx
      .update(apiKeys)
      .set({ deletedAt: now })
      .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.deletedAt)));
  });
}
