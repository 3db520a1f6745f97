import { ADMIN_FIGURES_WINDOW_DAYS, type AdminFeaturesResponse, SERVICES } from '@conduit/contracts';
import type { AdminContext } from './admin-context.ts';
import { analyticsQuery, percent } from './figures.ts';

/*
 * Paid calls of the window per service: counted per (service, account) first, so the number of
 * accounts is a plain count rather than a count(distinct) sort, then per service; the ratings of
 * the window's calls are summed on the side and joined to the four rows.
 */
const FEATURES_SQL = `
with per_account as (
  select t.service, t.user_id, count(*) as actions,
         count(*) filter (where t.status = 'failed') as failed,
         count(*) filter (where t.status <> 'processing') as settled
    from tasks t
   where t.created_at > $1::timestamptz - make_interval(days => $2) and t.created_at <= $1::timestamptz
   group by t.service, t.user_id
), per_service as (
  select service, count(*) as users, sum(actions) as actions, sum(failed) as failed, sum(settled) as settled
    from per_account group by service
), rated as (
  select t.service, count(*) as ratings, sum(r.rating) as rating_sum
    from task_ratings r join tasks t on t.id = r.task_id
   where t.created_at > $1::timestamptz - make_interval(days => $2) and t.created_at <= $1::timestamptz
   group by t.service
)
select p.service, p.users::int, p.actions::int, p.failed::int, p.settled::int,
       coalesce(r.ratings, 0)::int as ratings, coalesce(r.rating_sum, 0)::int as rating_sum
  from per_service p left join rated r on r.service = p.service`;

interface FeatureRow {
  service: string;
  users: number;
  actions: number;
  failed: number;
  settled: number;
  ratings: number;
  rating_sum: number;
}

/** Every paid service, also those nobody used in the window (zeros, no rating). */
export async function getFeatures(ctx: Pick<AdminContext, 'pool' | 'clock'>): Promise<AdminFeaturesResponse> {
  const rows = await analyticsQuery<FeatureRow>(ctx.pool, FEATURES_SQL, [
    ctx.clock.now(),
    ADMIN_FIGURES_WINDOW_DAYS,
  ]);
  const byService = new Map(rows.map((row) => [row.service, row]));
  return {
    features: SERVICES.map((service) => {
      const row = byService.get(service);
      return {
        feature: service,
        totalUsers: row?.users ?? 0,
        totalActions: row?.actions ?? 0,
        averageRating: row?.ratings ? Math.round((row.rating_sum / row.ratings) * 100) / 100 : null,
        errorRate: percent(row?.failed ?? 0, row?.settled ?? 0),
      };
    }),
  };
}
