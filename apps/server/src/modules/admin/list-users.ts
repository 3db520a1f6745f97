import type { AdminUsersQuery, AdminUsersResponse } from '@conduit/contracts';
import type pg from 'pg';
import { olderThanCursor, pageOf } from '../../platform/keyset-cursor.ts';
import { type AdminUserRow, toAdminUser } from './admin-user-view.ts';

/** An account with the plan and balance of its personal workspace. */
const USER_COLUMNS = `u.id, u.email, u.name, w.tier, u.role, u.is_active, u.email_verified_at, u.last_login_at,
  u.created_at, (u.created_at at time zone 'UTC')::text as created_key, coalesce(c.balance, 0)::int as balance,
  w.max_api_keys, w.rate_limit_per_minute, w.rate_limit_per_hour, w.rate_limit_per_day`;

/** A LIKE pattern that matches `term` literally anywhere: %, _ and \ lose their meaning. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Accounts (deleted ones excluded), newest first, paged by (created_at, id); `search` matches
 * email or name as a case-insensitive substring. `total` counts every match, all pages.
 */
export async function listUsers(pool: pg.Pool, query: AdminUsersQuery): Promise<AdminUsersResponse> {
  const filters = ['u.deleted_at is null'];
  const params: unknown[] = [];
  if (query.search) {
    params.push(containsPattern(query.search));
    filters.push(`(u.email ilike $${params.length} or u.name ilike $${params.length})`);
  }
  const matching = filters.join(' and ');
  const countParams = [...params];
  if (query.cursor) filters.push(olderThanCursor(query.cursor, params, 'u.created_at', 'u.id'));
  params.push(query.limit + 1);
  const [page, count] = await Promise.all([
    pool.query<AdminUserRow & { created_key: string }>(
      `select ${USER_COLUMNS}
         from users u join workspaces w on w.id = u.id left join credit_accounts c on c.workspace_id = u.id
        where ${filters.join(' and ')}
        order by u.created_at desc, u.id desc
        limit $${params.length}`,
      params,
    ),
    pool.query<{ total: number }>(
      `select count(*)::int as total from users u where ${matching}`,
      countParams,
    ),
  ]);
  const { page: rows, nextCursor } = pageOf(page.rows, query.limit, (row) => row.created_key);
  return { users: rows.map(toAdminUser), total: count.rows[0]?.total ?? 0, nextCursor };
}
