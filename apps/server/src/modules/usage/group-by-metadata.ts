import {
  METADATA_GROUP_PREFIX,
  type MetadataSpend,
  spendPeriodOf,
  type UsageByMetadataQuery,
} from '@conduit/contracts';
import type pg from 'pg';

/*
 * Spend by one metadata key (docs/product.md, "Metadata"): the workspace's calls of the period,
 * grouped by the key's value. The key is named at request time, so no expression index can serve
 * the grouping: the (workspace_id, created_at) index bounds the rows to the workspace's period and
 * PostgreSQL groups those (the jsonb_path_ops GIN index on tasks.metadata serves the list's
 * containment filters instead; tasks/schema.ts). Credits are net of refunds, as every spend figure
 * of the app counts them: a failed call refunded in full adds a call and no credits.
 */
const GROUP_SQL = `
select t.metadata ->> $2 as value, count(*)::int as calls, coalesce(sum(t.cost - t.credits_refunded), 0)::int as credits
  from tasks t
 where t.workspace_id = $1
   and ($3::timestamptz is null or t.created_at >= $3)
   and ($4::timestamptz is null or t.created_at < $4)
   and ($5::text is null or t.service = $5)
   and t.service = any($6::text[])
   and t.livemode = $7
 group by 1
 order by credits desc, calls desc, value asc nulls last`;

export async function spendByMetadata(
  pool: pg.Pool,
  workspaceId: string,
  query: UsageByMetadataQuery,
  /** The services whose calls the caller may see (a key's permissions; every one for a session). */
  services: readonly string[],
  /** Live calls, or a test key's (and the app's "View test data"): each mode counts its own. */
  livemode = true,
): Promise<MetadataSpend[]> {
  const key = query.groupBy.slice(METADATA_GROUP_PREFIX.length);
  const { from, to } = spendPeriodOf(query);
  const { rows } = await pool.query<MetadataSpend>(GROUP_SQL, [
    workspaceId,
    key,
    from,
    to,
    query.service ?? null,
    services,
    livemode,
  ]);
  return rows;
}
