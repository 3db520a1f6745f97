import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database.ts';
import { autoTopUps, savedCards } from './schema.ts';

/**
 * A workspace that is being deleted (an account or a team) never pays again: auto top-up goes off
 * and the saved card is forgotten, in the caller's transaction, so no scan can claim a crossing
 * between the deletion and a later clean-up.
 */
export async function stopWorkspaceBilling(tx: DbOrTx, workspaceId: string) {
  await tx
    .update(autoTopUps)
    .set({ isEnabled: false, isArmed: false, updatedAt: sql`now()` })
    .where(eq(autoTopUps.workspaceId, workspaceId));
  await tx.delete(savedCards).where(eq(savedCards.workspaceId, workspaceId));
}
