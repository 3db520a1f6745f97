import { type DailyUsageResponse, SERVICES, type Service, USAGE_WINDOW_DAYS } from '@conduit/contracts';
import type pg from 'pg';
import { BadRequest } from '../../platform/errors.ts';

type PerService = Record<Service, number>;
const zeros = (): PerService => Object.fromEntries(SERVICES.map((service) => [service, 0])) as PerService;

/*
 * Days and months are the user's own (`$2`, an IANA zone checked by the route): a call at 23:30
 * in Paris counts on that Paris day. Reads the tasks of one user from (workspace_id, created_at).
 */
const DAILY_SQL = `
with bounds as (
  select (now() at time zone $2)::date as today,
         date_trunc('month', now() at time zone $2) at time zone $2 as month_start
), days as (
  select to_char(day, 'YYYY-MM-DD') as date
    from bounds, generate_series(today - ($3::int - 1), today, interval '1 day') as day
)
select
  (select json_agg(date order by date) from days) as dates,
  (select to_char(now() at time zone $2, 'YYYY-MM')) as month,
  (select coalesce(json_agg(row_to_json(d)), '[]'::json) from (
     select to_char((t.created_at at time zone $2)::date, 'YYYY-MM-DD') as date, t.service,
            count(*)::int as calls, sum(t.cost - t.credits_refunded)::int as credits
       from tasks t, bounds b
      where t.workspace_id = $1 and t.livemode = $4 and t.created_at >= (b.today - ($3::int - 1))::timestamp at time zone $2
      group by 1, 2) d) as rows,
  (select json_build_object('calls', count(*)::int, 'credits', coalesce(sum(t.cost - t.credits_refunded), 0)::int)
     from tasks t, bounds b where t.workspace_id = $1 and t.livemode = $4 and t.created_at >= b.month_start) as this_month`;

/** The signed-in user's calls and net credits per day and service, and this month's totals. */
export async function getDailyUsage(
  pool: pg.Pool,
  userId: string,
  timeZone: string,
  /** The mode viewed: its calls only (test-mode.ts). */
  livemode = true,
): Promise<DailyUsageResponse> {
  const { rows } = await pool
    .query(DAILY_SQL, [userId, timeZone, USAGE_WINDOW_DAYS, livemode])
    .catch((error) => {
      // A zone the browser knows but this PostgreSQL's time zone data does not (invalid_parameter_value).
      if ((error as { code?: string }).code === '22023')
        throw new BadRequest(`tz: unknown time zone ${timeZone}`, 'tz');
      throw error;
    });
  const row = rows[0] as {
    dates: string[];
    month: string;
    rows: Array<{ date: string; service: Service; calls: number; credits: number }>;
    this_month: { calls: number; credits: number };
  };
  const days = new Map(row.dates.map((date) => [date, { date, calls: zeros(), credits: zeros() }]));
  for (const entry of row.rows) {
    const day = days.get(entry.date);
    if (!day) continue;
    day.calls[entry.service] = entry.calls;
    day.credits[entry.service] = entry.credits;
  }
  return { timeZone, days: [...days.values()], thisMonth: { month: row.month, ...row.this_month } };
}
