import type { AdminTeam, AdminTeamsQuery, AdminTeamsResponse } from '@conduit/contracts';
import type pg from 'pg';
import { olderThanCursor, pageOf } from '../../platform/keyset-cursor.ts';
import { containsPattern } from './list-users.ts';

interface TeamRow {
  id: string;
  name: string;
  billing_email: string | null;
  created_at: Date;
  created_key: string;
  tier: AdminTeam['tier'];
  balance: number;
  members: AdminTeam['members'];
  active_keys: number;
  calls_30d: number;
  credits_30d: number;
}

/**
 * Teams (deleted ones excluded), newest first, paged by (created_at, id); `search` matches the
 * name, the billing email or a member's email. Use counts the last 30 days of the team's tasks.
 */
export async function listTeams(
  pool: pg.Pool,
  now: Date,
  query: AdminTeamsQuery,
): Promise<AdminTeamsResponse> {
  const filters = [`w.kind = 'team'`, 'w.deleted_at is null'];
  const params: unknown[] = [];
  if (query.search) {
    params.push(containsPattern(query.search));
    const p = `$${params.length}`;
    filters.push(`(w.name ilike ${p} or w.billing_email ilike ${p} or exists (
      select 1 from workspace_members m join users u on u.id = m.user_id
       where m.workspace_id = w.id and u.email ilike ${p}))`);
  }
  const matching = filters.join(' and ');
  const countParams = [...params];
  if (query.cursor) filters.push(olderThanCursor(query.cursor, params, 'w.created_at', 'w.id'));
  params.push(now, query.limit + 1);
  const nowParam = `$${params.length - 1}::timestamptz`;
  const [page, count] = await Promise.all([
    pool.query<TeamRow>(
      `select w.id, w.name, w.billing_email, w.created_at, (w.created_at at time zone 'UTC')::text as created_key,
              w.tier, coalesce(c.balance, 0)::int as balance,
              coalesce((select json_agg(json_build_object('email', u.email, 'role', m.role) order by m.joined_at)
                          from workspace_members m join users u on u.id = m.user_id
                         where m.workspace_id = w.id), '[]'::json) as members,
              (select count(*)::int from api_keys k where k.workspace_id = w.id and k.deleted_at is null) as active_keys,
              coalesce(u30.calls, 0)::int as calls_30d, coalesce(u30.credits, 0)::int as credits_30d
         from workspaces w
         left join credit_accounts c on c.workspace_id = w.id
         left join lateral (
           select count(*) as calls, sum(t.cost - t.credits_refunded) as credits from tasks t
            where t.workspace_id = w.id and t.created_at > ${nowParam} - interval '30 days') u30 on true
        where ${filters.join(' and ')}
        order by w.created_at desc, w.id desc
        limit $${params.length}`,
      params,
    ),
    pool.query<{ total: number }>(
      `select count(*)::int as total from workspaces w where ${matching}`,
      countParams,
    ),
  ]);
  const { page: rows, nextCursor } = pageOf(page.rows, query.limit, (row) => row.created_key);
  return {
    teams: rows.map((row) => ({
      id: row.id,
      name: row.name,
      billingEmail: row.billing_email,
      createdAt: row.created_at.toISOString(),
      tier: row.tier,
      balance: row.balance,
      members: row.members,
      activeKeys: row.active_keys,
      calls30d: row.calls_30d,
      credits30d: row.credits_30d,
    })),
    total: count.rows[0]?.total ?? 0,
    nextCursor,
  };
}
