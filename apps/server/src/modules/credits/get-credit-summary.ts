import { CREDIT_PACKAGES, type CreditsResponse, USAGE_COSTS, type UsageCostKey } from '@conduit/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database.ts';
import { getBalance } from './ledger.ts';
import { creditEntries } from './schema.ts';

const SERVICES = Object.keys(USAGE_COSTS) as UsageCostKey[];

/** The signed-in user's credit data (docs/product.md, "Data the screens show"), computed from the ledger. */
export async function getCreditSummary(db: DbOrTx, workspaceId: string): Promise<CreditsResponse> {
  const [balance, totals, perService] = await Promise.all([
    getBalance(db, workspaceId),
    db
      .select({
        purchased: sql<number>`coalesce(sum(${creditEntries.delta}) filter (where ${creditEntries.reason} = 'purchase'), 0)::int`,
        used: sql<number>`coalesce(-sum(${creditEntries.delta}) filter (where ${creditEntries.reason} in ('usage', 'refund')), 0)::int`,
      })
      .from(creditEntries)
      .where(eq(creditEntries.workspaceId, workspaceId)),
    db
      .select({
        service: creditEntries.service,
        requests: sql<number>`(count(*) filter (where ${creditEntries.reason} = 'usage'))::int`,
        credits: sql<number>`coalesce(-sum(${creditEntries.delta}), 0)::int`,
      })
      .from(creditEntries)
      .where(
        sql`${creditEntries.workspaceId} = ${workspaceId} and ${creditEntries.reason} in ('usage', 'refund')`,
      )
      .groupBy(creditEntries.service),
  ]);
  const usageStats = Object.fromEntries(
    SERVICES.map((service) => {
      const row = perService.find((entry) => entry.service === service);
      return [service, { requests: row?.requests ?? 0, credits: row?.credits ?? 0 }];
    }),
  ) as CreditsResponse['usageStats'];
  return {
    balance,
    totalPurchased: totals[0]?.purchased ?? 0,
    totalUsed: totals[0]?.used ?? 0,
    usageStats,
    creditPackages: CREDIT_PACKAGES,
    usageCosts: USAGE_COSTS,
  };
}
