import type pg from 'pg';

/**
 * Per-account call activity on `credit_accounts`, kept by the debit statement that already updates
 * the row, so the admin figures read one row per account instead of every call
 * (docs/admin-figures.md, "Account activity: why the windows are fast"). A run is a sequence of
 * calls no more than ACTIVITY_RUN_GAP_DAYS apart; with it, "called in the 30 days before the
 * window" is exact: a run that started before the window and has a call in it has a call in the 30
 * days before.
 */
export const ACTIVITY_RUN_GAP_DAYS = 30;

/**
 * The SET items a debit adds. `services` is a SQL expression of the text[] of services charged
 * (one call: array[$n]; a batch: every service of the batch). Transactions can commit out of
 * order, so the newest call time only moves forward and a run's start only moves back.
 */
export function activitySetSql(services: string): string {
  const isNewRun = `(c.last_call_at is null or now() - c.last_call_at > interval '${ACTIVITY_RUN_GAP_DAYS} days')`;
  const lastOf = (service: string, column: string) =>
    `${column} = case when '${service}' = any(${services}::text[]) then greatest(c.${column}, now()) else c.${column} end`;
  return [
    'last_call_at = greatest(c.last_call_at, now())',
    `streak_start_at = case when ${isNewRun} then now() else least(c.streak_start_at, now()) end`,
    `prev_streak_last_at = case when ${isNewRun} then c.last_call_at else c.prev_streak_last_at end`,
    lastOf('image', 'last_image_at'),
    lastOf('video', 'last_video_at'),
    lastOf('sora', 'last_sora_at'),
    lastOf('linkedin', 'last_linkedin_at'),
  ].join(', ');
}

/**
 * The same columns computed from the tasks table: what the migration backfills, and what a
 * repair (or a test seeding calls directly) runs. Returns how many accounts it set.
 */
export const REBUILD_ACTIVITY_SQL = `
with calls as (
  select workspace_id, service, created_at,
         created_at - lag(created_at) over (partition by workspace_id order by created_at) as gap
    from tasks
), summary as (
  select workspace_id,
         max(created_at) as last_call_at,
         max(created_at) filter (where gap is null or gap > interval '${ACTIVITY_RUN_GAP_DAYS} days') as streak_start_at,
         max(created_at) filter (where service = 'image') as last_image_at,
         max(created_at) filter (where service = 'video') as last_video_at,
         max(created_at) filter (where service = 'sora') as last_sora_at,
         max(created_at) filter (where service = 'linkedin') as last_linkedin_at
    from calls group by workspace_id
), with_previous as (
  select s.*, (select max(t.created_at) from tasks t
                where t.workspace_id = s.workspace_id and t.created_at < s.streak_start_at) as prev_streak_last_at
    from summary s
)
update credit_accounts c
   set last_call_at = w.last_call_at, streak_start_at = w.streak_start_at,
       prev_streak_last_at = w.prev_streak_last_at, last_image_at = w.last_image_at,
       last_video_at = w.last_video_at, last_sora_at = w.last_sora_at, last_linkedin_at = w.last_linkedin_at
  from with_previous w
 where c.workspace_id = w.workspace_id`;

export async function rebuildAccountActivity(pool: pg.Pool): Promise<number> {
  const result = await pool.query(REBUILD_ACTIVITY_SQL);
  return result.rowCount ?? 0;
}
