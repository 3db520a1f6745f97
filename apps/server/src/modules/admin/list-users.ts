import type { AdminUsersQuery, AdminUsersResponse } from '@conduit/contracts';
import type pg from 'pg';
import { type AdminUserRow, toAdminUser } from './admin-user-view.ts';
import { searchedPage } from './searched-page.ts';

/** An account with the plan and balance of its personal workspace. */
const USER_COLUMNS = `u.id, u.email, u.name, w.tier, u.role, u.is_active, u.email_verified_at, u.last_login_at,
  u.created_at, (u.created_at at time zone 'UTC')::text as created_key, coalesce(c.balance, 0)::int as balance,
  w.max_api_keys, w.rate_limit_per_minute, w.rate_limit_per_hour, w.rate_limit_per_day`;

/**
 * Accounts (deleted ones excluded), newest first, paged by (created_at, id); `search` matches
 * email or name as a case-insensitive substring. `total` counts every match, all pages.
 */
export async function listUsers(pool: pg.Pool, query: AdminUsersQuery): Promise<AdminUsersResponse> {
  const { rows, total, nextCursor } = await searchedPage<AdminUserRow & { created_key: string }>(
    pool,
    {
      table: 'users u',
      alias: 'u',
      filters: ['u.deleted_at is null'],
      matches: (pattern) => `(u.email ilike ${pattern} or u.name ilike ${pattern})`,
      select: () => `select ${USER_COLUMNS}
         from users u join workspaces w on w.id = u.id left join credit_accounts c on c.workspace_id = u.id`,
    },
    query,
  );
  return { users: rows.map(toAdminUser), total, nextCursor };
}
