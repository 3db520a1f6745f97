import type { BillingDetails, BillingDetailsBody } from '@conduit/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/database.ts';
import type { WorkspaceAccess } from '../auth/workspace-access.ts';
import { recordTeamEvent } from '../workspaces/team-audit.ts';
import { type BillingProfileRow, billingProfiles } from './schema.ts';

export function detailsOf(row: BillingProfileRow | undefined): BillingDetails | null {
  if (!row?.name || !row.line1 || !row.city || !row.country) return null;
  return {
    name: row.name,
    company: row.company,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    postalCode: row.postalCode,
    country: row.country,
    vatId: row.vatId,
  };
}

export async function findBillingProfile(db: DbOrTx, workspaceId: string) {
  const [row] = await db.select().from(billingProfiles).where(eq(billingProfiles.workspaceId, workspaceId));
  return row;
}

export async function getBillingDetails(db: DbOrTx, workspaceId: string): Promise<BillingDetails | null> {
  return detailsOf(await findBillingProfile(db, workspaceId));
}

/** Saves the details (already checked by the route's schema) and records the change in the team's log. */
export async function saveBillingDetails(
  db: Db,
  workspace: Pick<WorkspaceAccess, 'id' | 'kind'>,
  actorId: string,
  details: BillingDetailsBody,
): Promise<BillingDetails | null> {
  return db.transaction(async (tx) => {
    const values = { ...details, updatedAt: sql`now()` };
    const [row] = await tx
      .insert(billingProfiles)
      .values({ workspaceId: workspace.id, ...values })
      .onConflictDoUpdate({ target: billingProfiles.workspaceId, set: values })
      .returning();
    await recordTeamEvent(tx, {
      workspace,
      actorId,
      action: 'billing.details_updated',
      details: { country: details.country, hasVatId: details.vatId !== null },
    });
    return detailsOf(row);
  });
}

/** Remembers the workspace's Stripe Customer (created by the first checkout that needs one). */
export async function rememberStripeCustomer(db: DbOrTx, workspaceId: string, customerId: string) {
  await db
    .insert(billingProfiles)
    .values({ workspaceId, stripeCustomerId: customerId })
    .onConflictDoUpdate({ target: billingProfiles.workspaceId, set: { stripeCustomerId: customerId } });
}
