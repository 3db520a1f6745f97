import type { AdminTeam, AdminTeamsQuery, AdminTeamsResponse } from '@conduit/contracts';
import type pg from 'pg';
import { searchedPage } from './searched-page.ts';

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
  const { rows, total, nextCursor } = await searchedPage<TeamRow>(
    pool,
    {
      table: 'workspaces w',
      alias: 'w',
      filters: [`w.kind = 'team'`, 'w.deleted_at is null'],
      matches: (pattern) => `(w.name ilike ${pattern} or w.billing_email ilike ${pattern} or exists (
        select 1 from workspace_members m join users u on u.id = m.user_id
         where m.workspace_id = w.id and u.email ilike ${pattern}))`,
      select: (param) => `select w.id, w.name, w.billing_email, w.created_at,
              (w.created_at at time zone 'UTC')::text as created_key, w.tier, coalesce(c.balance, 0)::int as balance,
              coalesce((select json_agg(json_build_object('email', u.email, 'role', m.role) order by m.joined_at)
                          from workspace_members m join users u on u.id = m.user_id
                         where m.workspace_id = w.id), '[]'::json) as members,
              (select count(*)::int from api_keys k where k.workspace_id = w.id and k.deleted_at is null) as active_keys,
              coalesce(u30.calls, 0)::int as calls_30d, coalesce(u30.credits, 0)::int as credits_30d
         from workspaces w
         left join credit_accounts c on c.workspace_id = w.id
         left join lateral (
           select count(*) as calls, sum(t.cost - t.credits_refunded) as credits from tasks t
            where t.workspace_id = w.id and t.livemode and t.created_at > ${param(now)}::timestamptz - interval '30 days') u30 on true`,
    },
    query,
  );
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
    total,
    nextCursor,
  };
}
