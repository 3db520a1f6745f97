import {
  ADMIN_FIGURES_WINDOW_DAYS,
  type AdminFeaturesResponse,
  byServiceAndModel,
  callModelOf,
  SERVICES,
  type Service,
} from '@conduit/contracts';
import type { AdminContext } from './admin-context.ts';
import { analyticsQuery, percent } from './figures.ts';
import { serviceMargins } from './margins.ts';

/*
 * Calls, failures and settled calls of the window per service and model; the accounts per service
 * from each account's last call of that service (credits/account-activity.ts, so no count of
 * distinct accounts over the calls); the ratings of the window's calls on the side.
 */
const FEATURES_SQL = `
with window_calls as (
  select t.service, t.model, count(*) as actions,
         count(*) filter (where t.status = 'failed') as failed,
         count(*) filter (where t.status <> 'processing') as settled
    from tasks t
   where t.created_at > $1::timestamptz - make_interval(days => $2) and t.created_at <= $1::timestamptz
     and t.livemode
   group by t.service, t.model
), accounts as (
  select unnest(array['image', 'video', 'sora', 'linkedin']) as service,
         unnest(array[
           count(*) filter (where last_image_at > $1::timestamptz - make_interval(days => $2) and last_image_at <= $1::timestamptz),
           count(*) filter (where last_video_at > $1::timestamptz - make_interval(days => $2) and last_video_at <= $1::timestamptz),
           count(*) filter (where last_sora_at > $1::timestamptz - make_interval(days => $2) and last_sora_at <= $1::timestamptz),
           count(*) filter (where last_linkedin_at > $1::timestamptz - make_interval(days => $2) and last_linkedin_at <= $1::timestamptz)
         ]) as users
    from credit_accounts
), rated as (
  select t.service, t.model, count(*) as ratings, sum(r.rating) as rating_sum
    from task_ratings r join tasks t on t.id = r.task_id
   where t.created_at > $1::timestamptz - make_interval(days => $2) and t.created_at <= $1::timestamptz
   group by t.service, t.model
)
select w.service, w.model, a.users::int, w.actions::int, w.failed::int, w.settled::int,
       coalesce(r.ratings, 0)::int as ratings, coalesce(r.rating_sum, 0)::int as rating_sum
  from window_calls w
  join accounts a on a.service = w.service
  left join rated r on r.service = w.service and r.model is not distinct from w.model`;

interface FeatureRow {
  service: Service;
  model: string | null;
  users: number;
  actions: number;
  failed: number;
  settled: number;
  ratings: number;
  rating_sum: number;
}

type Counts = Pick<FeatureRow, 'actions' | 'failed' | 'settled' | 'ratings' | 'rating_sum'>;

/** The figures of some calls: how many, their mean rating, the share of the settled ones that failed. */
const figuresOf = (rows: Counts[]) => {
  const sum = (pick: (row: Counts) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const ratings = sum((row) => row.ratings);
  return {
    totalActions: sum((row) => row.actions),
    averageRating: ratings ? Math.round((sum((row) => row.rating_sum) / ratings) * 100) / 100 : null,
    errorRate: percent(
      sum((row) => row.failed),
      sum((row) => row.settled),
    ),
  };
};

/** Every paid service, also those nobody used in the window (zeros, no rating); and each model used. */
export async function getFeatures(ctx: Pick<AdminContext, 'pool' | 'clock'>): Promise<AdminFeaturesResponse> {
  const now = ctx.clock.now();
  const [rows, margins] = await Promise.all([
    analyticsQuery<FeatureRow>(ctx.pool, FEATURES_SQL, [now, ADMIN_FIGURES_WINDOW_DAYS]),
    serviceMargins(ctx.pool, {
      from: new Date(now.getTime() - ADMIN_FIGURES_WINDOW_DAYS * 86_400_000),
      to: now,
      byMonth: false,
      keys: [''],
    }),
  ]);
  return {
    margins: margins.get('')?.services ?? [],
    modelMargins: margins.get('')?.models ?? [],
    features: SERVICES.map((service) => {
      const ofService = rows.filter((row) => row.service === service);
      return { feature: service, totalUsers: ofService[0]?.users ?? 0, ...figuresOf(ofService) };
    }),
    models: rows
      .map((row) => ({ service: row.service, model: callModelOf(row.model), ...figuresOf([row]) }))
      .sort(byServiceAndModel),
  };
}
