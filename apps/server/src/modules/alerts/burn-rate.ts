import { BURN_RATE_DAYS, type BurnRate, burnRateOf } from '@conduit/contracts';
import type pg from 'pg';

const DAY_MS = 86_400_000;

/** Something that runs a query: the pool, or the client of an open transaction. */
export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/*
 * Usage net of refunds over the last 7 days, per workspace, from the ledger: the
 * (workspace_id, created_at) index reads only each workspace's recent entries.
 */
const SPENT_SQL = `
select workspace_id, (-sum(delta))::int as spent
  from credit_entries
 where workspace_id = any($1) and reason in ('usage', 'refund') and created_at > $2
 group by workspace_id`;

/** Credits each workspace spent over the last 7 days (0 for one that spent nothing). */
export async function spentLast7Days(
  db: Queryable,
  workspaceIds: string[],
  now: Date,
): Promise<Map<string, number>> {
  const since = new Date(now.getTime() - BURN_RATE_DAYS * DAY_MS);
  const { rows } = await db.query<{ workspace_id: string; spent: number }>(SPENT_SQL, [workspaceIds, since]);
  return new Map(rows.map((row) => [row.workspace_id, row.spent]));
}

/** One workspace's burn rate at this balance. */
export async function burnRateFor(
  db: Queryable,
  workspaceId: string,
  balance: number,
  now: Date,
): Promise<BurnRate> {
  const spent = await spentLast7Days(db, [workspaceId], now);
  return burnRateOf(balance, spent.get(workspaceId) ?? 0);
}
