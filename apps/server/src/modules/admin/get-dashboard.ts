import { ADMIN_FIGURES_WINDOW_DAYS, type AdminDashboardResponse } from '@conduit/contracts';
import { type AdminContext, DAY_MS } from './admin-context.ts';
import { analyticsQuery, percent, processFigures } from './figures.ts';

/*
 * $1 is "now" (the context's clock), $2 the window's start (now - 30 days), $3 the earlier
 * window's start: the window is ($2, $1], the earlier one ($3, $2]. One pass over the accounts
 * and their call activity (credits/account-activity.ts), no pass over the calls. An account
 * called in the earlier window if its last call is there, or if its last call is in the window
 * and its current run (calls at most 30 days apart) started by $2 (the run then has a call in
 * ($3, $2]), or if that run started in the window and the call before it is in ($3, $2].
 * Definitions: docs/admin-figures.md.
 */
const USERS_SQL = `
with accounts as (
  select u.deleted_at is null as is_kept,
         u.created_at > $2 and u.created_at <= $1 as is_new,
         u.deleted_at is null and ((u.last_login_at > $2 and u.last_login_at <= $1)
           or (c.last_call_at > $2 and c.last_call_at <= $1)) as is_active,
         coalesce((c.last_call_at > $3 and c.last_call_at <= $2)
           or (c.last_call_at > $2 and c.streak_start_at <= $2)
           or (c.last_call_at > $2 and c.prev_streak_last_at > $3 and c.prev_streak_last_at <= $2), false) as in_cohort
    from users u
    left join credit_accounts c on c.workspace_id = u.id
)
select count(*) filter (where is_kept)::int as total,
       count(*) filter (where is_kept and is_new)::int as new,
       count(*) filter (where is_active)::int as active,
       count(*) filter (where in_cohort)::int as cohort,
       count(*) filter (where in_cohort and not is_active)::int as churned
  from accounts`;

/** Teams, and those whose keys made a paid call in the window ($1 now, $2 the window's start). */
const TEAMS_SQL = `
select count(*)::int as total,
       count(*) filter (where c.last_call_at > $2 and c.last_call_at <= $1)::int as active
  from workspaces w left join credit_accounts c on c.workspace_id = w.id
 where w.kind = 'team' and w.deleted_at is null`;

const REVENUE_SQL = `
select coalesce(sum(amount_cents), 0)::bigint as revenue, count(distinct workspace_id)::int as payers
  from payments where status = 'paid'`;

interface UsersRow {
  total: number;
  new: number;
  active: number;
  cohort: number;
  churned: number;
}

const daysBefore = (now: Date, windows: number) =>
  new Date(now.getTime() - windows * ADMIN_FIGURES_WINDOW_DAYS * DAY_MS);

export async function getDashboard(ctx: AdminContext): Promise<AdminDashboardResponse> {
  const now = ctx.clock.now();
  const [[row], [teams], [money]] = await Promise.all([
    analyticsQuery<UsersRow>(ctx.pool, USERS_SQL, [now, daysBefore(now, 1), daysBefore(now, 2)]),
    analyticsQuery<{ total: number; active: number }>(ctx.pool, TEAMS_SQL, [now, daysBefore(now, 1)]),
    analyticsQuery<{ revenue: string; payers: number }>(ctx.pool, REVENUE_SQL),
  ]);
  if (!row || !teams || !money) throw new Error('the dashboard statements returned no row');
  const revenue = Number(money.revenue);
  const { uptime, responseTime } = processFigures(ctx);
  return {
    overview: {
      users: {
        total: row.total,
        new: row.new,
        active: row.active,
        churnRate: percent(row.churned, row.cohort),
      },
      teams,
      revenue: { total: revenue, arpu: money.payers === 0 ? 0 : Math.round(revenue / money.payers) },
      system: { uptime, responseTime },
    },
  };
}
