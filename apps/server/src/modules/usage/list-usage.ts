import { callModelOf, USAGE_CSV_COLUMNS, type UsageItem, type UsageResponse } from '@conduit/contracts';
import type pg from 'pg';
import { keysetPage, type PageQuery } from '../../platform/keyset-cursor.ts';
import { pagedCsv } from '../../platform/paged-csv.ts';

interface UsageRow {
  id: string;
  created_at: Date;
  /** created_at as PostgreSQL's UTC text, microseconds kept, for the cursor. */
  created_key: string;
  api_key_id: string;
  key_name: string;
  service: UsageItem['service'];
  model: string | null;
  status: UsageItem['status'];
  cost: number;
  credits_refunded: number;
  rating: number | null;
  result_urls: string[];
  results_expire_at: Date | null;
  metadata: Record<string, string> | null;
}

const SELECT_USAGE = `
  select t.id, t.created_at, (t.created_at at time zone 'UTC')::text as created_key, t.api_key_id, k.name as key_name, t.service, t.model, t.status, t.cost, t.credits_refunded,
         r.rating, coalesce(t.result->'resultUrls', '[]'::jsonb) as result_urls,
         t.results_expire_at, t.metadata
    from tasks t join api_keys k on k.id = t.api_key_id
    left join task_ratings r on r.task_id = t.id
   where t.workspace_id = $1 and t.livemode = $2`;

const toItem = (row: UsageRow): UsageItem => ({
  taskId: row.id,
  createdAt: row.created_at.toISOString(),
  keyId: row.api_key_id,
  keyName: row.key_name,
  service: row.service,
  model: callModelOf(row.model),
  status: row.status,
  creditsCharged: row.cost,
  creditsRefunded: row.credits_refunded,
  rating: row.rating,
  resultUrls: row.status === 'completed' ? row.result_urls : [],
  expiresAt: row.results_expire_at?.toISOString() ?? null,
  metadata: row.metadata ?? {},
});

/** Keyset pagination on (created_at, id): stable while new calls keep arriving. */
export async function listUsage(
  pool: pg.Pool,
  userId: string,
  query: PageQuery,
  /** Test calls (false) or live ones (true): each mode sees its own (test-mode.ts). */
  livemode = true,
): Promise<UsageResponse> {
  const { page, nextCursor } = await keysetPage<UsageRow>(
    pool,
    query,
    { params: [userId, livemode], time: 't.created_at', id: 't.id', timeKey: (row) => row.created_key },
    (after, limit) =>
      `${SELECT_USAGE}${after ? ` and ${after}` : ''} order by t.created_at desc, t.id desc limit ${limit}`,
  );
  return { items: page.map(toItem), nextCursor };
}

/** The whole history as CSV, newest first, read in pages so memory stays flat. */
export const usageCsv = (pool: pg.Pool, userId: string, livemode = true) =>
  pagedCsv(
    USAGE_CSV_COLUMNS,
    (cursor) => listUsage(pool, userId, { limit: 100, cursor }, livemode),
    (item) => [
      item.createdAt,
      item.taskId,
      item.keyName,
      item.service,
      item.model?.id ?? '',
      item.status,
      item.creditsCharged,
      item.creditsRefunded,
      item.resultUrls.join(' '),
      item.expiresAt ?? '',
      JSON.stringify(item.metadata),
    ],
  );
