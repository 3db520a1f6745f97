import { ADMIN_REVENUE_MONTHS, type AdminRevenueResponse } from '@conduit/contracts';
import type { AdminContext } from './admin-context.ts';
import { percent } from './figures.ts';
import { serviceMargins } from './margins.ts';

/*
 * Succeeded payments by UTC calendar month, from `months` months before the current one to the
 * current one; months without payments are there with 0. A payment counts in the month it was
 * paid. The month before the first shown one is read too, for the first growth rate.
 */
const REVENUE_SQL = `
with months as (
  select generate_series(
           date_trunc('month', $1::timestamptz at time zone 'UTC') - make_interval(months => $2),
           date_trunc('month', $1::timestamptz at time zone 'UTC'),
           interval '1 month') as month
)
select to_char(m.month, 'YYYY-MM') as date,
       (select coalesce(sum(p.amount_cents), 0) from payments p
         where p.status = 'paid'
           and p.paid_at >= m.month at time zone 'UTC'
           and p.paid_at < (m.month + interval '1 month') at time zone 'UTC')::bigint as total
  from months m
 order by m.month`;

export async function getRevenue(ctx: Pick<AdminContext, 'pool' | 'clock'>): Promise<AdminRevenueResponse> {
  const { rows } = await ctx.pool.query<{ date: string; total: string }>(REVENUE_SQL, [
    ctx.clock.now(),
    ADMIN_REVENUE_MONTHS,
  ]);
  const totals = rows.map((row) => ({ date: row.date, total: Number(row.total) }));
  const shown = totals.slice(1);
  const first = `${shown[0]?.date ?? '1970-01'}-01T00:00:00Z`;
  const byMonth = await serviceMargins(ctx.pool, {
    from: new Date(Date.parse(first) - 1),
    to: ctx.clock.now(),
    byMonth: true,
    keys: shown.map((month) => month.date),
  });
  return {
    margins: shown.map((month) => {
      const { services = [], models = [] } = byMonth.get(month.date) ?? {};
      const upstreamCost = services.reduce((sum, service) => sum + service.upstreamCost, 0);
      return {
        date: month.date,
        revenue: month.total,
        upstreamCost,
        grossMargin: month.total - upstreamCost,
        services,
        models,
      };
    }),
    revenueData: totals.slice(1).map((month, index) => {
      const previous = (totals[index] as { total: number }).total;
      return {
        date: month.date,
        revenue: { total: month.total },
        growthRate: previous === 0 ? null : percent(month.total - previous, previous),
      };
    }),
  };
}
