import { BILLING_TEXTS, type SavedCard } from '@conduit/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../../platform/database.ts';
import { NotFound, ServiceUnavailable } from '../../platform/errors.ts';
import { cardLabel } from '../payments/card-label.ts';
import type { CheckoutProvider } from '../payments/checkout-provider.ts';
import { recordTeamEvent, type TeamAuditInput } from '../workspaces/team-audit.ts';
import { autoTopUps, type SavedCardRow, savedCards } from './schema.ts';

export async function findSavedCard(db: DbOrTx, workspaceId: string): Promise<SavedCardRow | undefined> {
  const [row] = await db.select().from(savedCards).where(eq(savedCards.workspaceId, workspaceId));
  return row;
}

export const toSavedCard = (row: SavedCardRow): SavedCard => ({
  provider: row.provider,
  brand: row.brand,
  last4: row.last4,
  label: cardLabel(row.provider, row.brand, row.last4) ?? row.brand,
  savedAt: row.savedAt.toISOString(),
});

/**
 * "Remove card": the saved card is detached at its provider (Stripe's PaymentMethod detach, so it
 * can never be charged again) while its row is locked, then forgotten with auto top-up turned off,
 * in one transaction. A provider that cannot be reached leaves everything as it was (503).
 */
export async function removeSavedCard(
  db: Db,
  provider: Pick<CheckoutProvider, 'name' | 'detachCard'> | undefined,
  workspace: TeamAuditInput['workspace'],
  actorId: string,
  log: Logger,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [card] = await tx
      .select()
      .from(savedCards)
      .where(eq(savedCards.workspaceId, workspace.id))
      .for('update');
    if (!card) throw new NotFound(BILLING_TEXTS.noCardToRemove);
    if (provider?.name === card.provider) {
      await provider.detachCard(card.paymentMethodId).catch((error: unknown) => {
        log.error({ err: error, workspaceId: workspace.id }, 'could not detach the saved card');
        throw new ServiceUnavailable('Could not reach the payment provider. Please try again.');
      });
    }
    await tx.delete(savedCards).where(eq(savedCards.workspaceId, workspace.id));
    await tx
      .update(autoTopUps)
      .set({ isEnabled: false, updatedBy: actorId, updatedAt: sql`now()` })
      .where(eq(autoTopUps.workspaceId, workspace.id));
    await recordTeamEvent(tx, {
      workspace,
      actorId,
      action: 'auto_topup.card_removed',
      details: { brand: card.brand, last4: card.last4 },
    });
  });
}
