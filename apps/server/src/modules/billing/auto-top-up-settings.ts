import { type AutoTopUpBody, type AutoTopUpResponse, BILLING_TEXTS } from '@conduit/contracts';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/database.ts';
import { BadRequest } from '../../platform/errors.ts';
import type { WorkspaceAccess } from '../auth/workspace-access.ts';
import { payments } from '../payments/schema.ts';
import { findSavedCard, toSavedCard } from './saved-cards.ts';
import { autoTopUps } from './schema.ts';
import { putWorkspaceSetting } from './workspace-setting.ts';

/** The first instant of the calendar month (UTC) `now` is in: the monthly cap counts from there. */
export const monthStartOf = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** Top-ups that count against the monthly cap: charged or on their way (declined ones do not). */
export const COUNTED_STATUSES = ['pending', 'processing', 'paid'] as const;

/** Settings, saved card and what auto top-up did lately, as the Auto top-up section shows them. */
export async function getAutoTopUp(db: DbOrTx, workspaceId: string, now: Date): Promise<AutoTopUpResponse> {
  const [[row], card, [counted], [last]] = await Promise.all([
    db.select().from(autoTopUps).where(eq(autoTopUps.workspaceId, workspaceId)),
    findSavedCard(db, workspaceId),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(payments)
      .where(
        and(
          eq(payments.workspaceId, workspaceId),
          eq(payments.kind, 'auto_topup'),
          inArray(payments.status, [...COUNTED_STATUSES]),
          gte(payments.createdAt, monthStartOf(now)),
        ),
      ),
    db
      .select()
      .from(payments)
      .where(and(eq(payments.workspaceId, workspaceId), eq(payments.kind, 'auto_topup')))
      .orderBy(desc(payments.createdAt))
      .limit(1),
  ]);
  return {
    settings: row
      ? {
          enabled: row.isEnabled,
          threshold: row.threshold,
          package: row.package,
          monthlyLimit: row.monthlyLimit,
        }
      : null,
    card: card ? toSavedCard(card) : null,
    topUpsThisMonth: counted?.count ?? 0,
    failuresInARow: row?.failures ?? 0,
    turnedOffAfterFailures: row?.turnedOffAfterFailures ?? false,
    lastTopUp: last
      ? {
          paymentId: last.id,
          status: last.status,
          at: last.createdAt.toISOString(),
          credits: last.credits,
          failureMessage: last.failureMessage,
        }
      : null,
  };
}

/**
 * Saves the settings. Turning it on needs a saved card of the installation's provider, and starts
 * afresh: armed, no declines counted, the "turned off after failures" note cleared.
 */
export async function saveAutoTopUp(
  db: Db,
  workspace: Pick<WorkspaceAccess, 'id' | 'kind'>,
  actorId: string,
  input: AutoTopUpBody,
  context: { provider: 'stripe' | 'sandbox' | undefined; now: Date },
): Promise<AutoTopUpResponse> {
  await db.transaction(async (tx) => {
    if (input.enabled) {
      const card = await findSavedCard(tx, workspace.id);
      if (!card || card.provider !== context.provider)
        throw new BadRequest(BILLING_TEXTS.needsSavedCard, 'enabled');
    }
    const settings = {
      isEnabled: input.enabled,
      threshold: input.threshold,
      package: input.package,
      monthlyLimit: input.monthlyLimit,
      updatedBy: actorId,
      updatedAt: context.now,
      ...(input.enabled && { isArmed: true, failures: 0, retryAt: null, turnedOffAfterFailures: false }),
    };
    await putWorkspaceSetting(tx, autoTopUps, workspace, settings, {
      actorId,
      action: 'auto_topup.updated',
      details: { ...input },
    });
  });
  return getAutoTopUp(db, workspace.id, context.now);
}
