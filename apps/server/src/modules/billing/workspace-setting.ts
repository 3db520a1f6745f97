import type { DbOrTx } from '../../platform/database.ts';
import { recordTeamEvent, type TeamAuditInput } from '../workspaces/team-audit.ts';
import type { autoTopUps, savedCards } from './schema.ts';

/** The billing tables that keep one row per workspace. */
type WorkspaceSettingTable = typeof savedCards | typeof autoTopUps;

/**
 * Sets the workspace's one row of `table` (its saved card, its auto top-up settings) to `values`,
 * inserting it the first time, and records `event` in the team's log, in the caller's transaction.
 */
export async function putWorkspaceSetting<Table extends WorkspaceSettingTable>(
  tx: DbOrTx,
  table: Table,
  workspace: TeamAuditInput['workspace'],
  values: Omit<Table['$inferInsert'], 'workspaceId'>,
  event: Omit<TeamAuditInput, 'workspace'>,
): Promise<void> {
  // The tables differ in their other columns only: typed as one of them, the statement is the same.
  const row = table as typeof autoTopUps;
  const set = values as Omit<typeof autoTopUps.$inferInsert, 'workspaceId'>;
  await tx
    .insert(row)
    .values({ workspaceId: workspace.id, ...set })
    .onConflictDoUpdate({ target: row.workspaceId, set });
  await recordTeamEvent(tx, { workspace, ...event });
}
