import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database.ts';
import { startRecurringJob } from '../../platform/jobs.ts';
import type { Services } from '../../platform/services.ts';
import { requestLog } from './schema.ts';

export const REQUEST_LOG_PURGE_QUEUE = 'request-log-purge';
/** Hourly: a request is gone within the hour after REQUEST_LOG_RETENTION_DAYS. */
const PURGE_CRON = '23 * * * *';
/** Rows per delete statement, so a purge never holds a long transaction. */
const BATCH = 10_000;
const DAY_MS = 86_400_000;

type PurgeServices = Pick<Services, 'pool' | 'clock' | 'config'>;

/** A deleted workspace's request log goes with it, in the deletion's transaction. */
export async function deleteWorkspaceRequestLog(tx: DbOrTx, workspaceId: string): Promise<void> {
  await tx.delete(requestLog).where(eq(requestLog.workspaceId, workspaceId));
}

/**
 * Deletes requests older than the retention period, and any of a workspace deleted in the last
 * day (a batch being written while the deletion committed); answers how many rows went.
 */
export async function purgeRequestLog(services: PurgeServices): Promise<number> {
  const now = services.clock.now().getTime();
  const cutoff = new Date(now - services.config.REQUEST_LOG_RETENTION_DAYS * DAY_MS);
  let deleted = 0;
  for (;;) {
    const { rowCount } = await services.pool.query(
      `delete from request_log where id in (select id from request_log where at < $1 limit ${BATCH})`,
      [cutoff],
    );
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < BATCH) break;
  }
  const { rowCount } = await services.pool.query(
    `delete from request_log where workspace_id in (
       select id from workspaces where deleted_at > $1
       union all select id from users where deleted_at > $1)`,
    [new Date(now - DAY_MS)],
  );
  return deleted + (rowCount ?? 0);
}

/** The purge runs on worker processes (ROLE worker or all), hourly by pg-boss's schedule and once at start. */
export async function startRequestLogPurge(services: PurgeServices & Pick<Services, 'jobs' | 'log'>) {
  await startRecurringJob(services, REQUEST_LOG_PURGE_QUEUE, PURGE_CRON, async () => {
    const deleted = await purgeRequestLog(services);
    if (deleted > 0) services.log.info({ rows: deleted }, 'purged the request log');
  });
}
