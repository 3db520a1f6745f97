import { RATING_MESSAGES, type RateResultResponse } from '@conduit/contracts';
import type pg from 'pg';
import { Conflict, NotFound } from '../../platform/errors.ts';

/*
 * Rates a settled task of the caller's workspace: one statement reads the task (the workspace's only) and
 * upserts the rating when it is settled; the answer says which of the three cases happened.
 */
const RATE_SQL = `
with task as (select id, status from tasks where id = $1 and workspace_id = $2),
rated as (
  insert into task_ratings (task_id, user_id, rating, updated_at)
  select id, $5, $3, $4 from task where status <> 'processing'
  on conflict (task_id) do update set rating = excluded.rating, updated_at = excluded.updated_at
  returning rating
)
select (select status from task) as status, (select rating from rated) as rating`;

/** A user's 1-5 rating of one of their results; rating again replaces it. Others' tasks are 404. */
export async function rateResult(
  pool: pg.Pool,
  now: Date,
  rater: { workspaceId: string; userId: string },
  taskId: string,
  rating: number,
): Promise<RateResultResponse> {
  const { rows } = await pool.query<{ status: string | null; rating: number | null }>(RATE_SQL, [
    taskId,
    rater.workspaceId,
    rating,
    now,
    rater.userId,
  ]);
  const row = rows[0];
  if (!row?.status) throw new NotFound(RATING_MESSAGES.taskNotFound);
  if (row.rating === null) throw new Conflict(RATING_MESSAGES.notFinished);
  return { taskId, rating: row.rating };
}
