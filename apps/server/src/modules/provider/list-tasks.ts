import type { TaskListQuery } from '@conduit/contracts';
import type pg from 'pg';
import { keysetPage } from '../../platform/keyset-cursor.ts';
import type { TaskRow } from '../tasks/schema.ts';
import { taskRowOf } from '../tasks/task-statements.ts';

type ListedRow = Record<string, unknown> & { id: string; created_key: string };

/** What listTasks lists: one workspace's tasks the key may see, narrowed by the query. */
export interface TaskListOptions {
  workspaceId: string;
  query: TaskListQuery;
  /** The services whose tasks the key may see (its permissions). */
  services: readonly string[];
  /** `metadata[key]=value` pairs, all required (containment: tasks/schema.ts's GIN index). */
  metadata?: Record<string, string>;
  /** The key's mode: a test key lists test tasks only, a live key live ones (test-mode.ts). */
  livemode?: boolean;
}

/**
 * One page of a workspace's tasks, newest first, by the (workspace_id, created_at) index; the
 * filters narrow it (an Idempotency-Key names at most one task, by its unique index).
 */
export async function listTasks(
  pool: pg.Pool,
  { workspaceId, query, services, metadata = {}, livemode = true }: TaskListOptions,
): Promise<{ tasks: TaskRow[]; nextCursor: string | null }> {
  const params: unknown[] = [workspaceId, services, livemode];
  const where = ['t.workspace_id = $1', 't.service = any($2::text[])', 't.livemode = $3'];
  const filter = (column: string, value: string | undefined) => {
    if (value === undefined) return;
    params.push(value);
    where.push(`t.${column} = $${params.length}`);
  };
  filter('service', query.service);
  filter('status', query.status);
  filter('idempotency_key', query.idempotency_key);
  if (Object.keys(metadata).length > 0) {
    params.push(JSON.stringify(metadata));
    where.push(`t.metadata @> $${params.length}::jsonb`);
  }
  const { page, nextCursor } = await keysetPage<ListedRow>(
    pool,
    query,
    { params, time: 't.created_at', id: 't.id', timeKey: (row) => row.created_key },
    (after, limit) =>
      `select t.*, (t.created_at at time zone 'UTC')::text as created_key from tasks t
        where ${[...where, ...(after ? [after] : [])].join(' and ')}
        order by t.created_at desc, t.id desc limit ${limit}`,
  );
  return { tasks: page.map((row) => taskRowOf(row)), nextCursor };
}
