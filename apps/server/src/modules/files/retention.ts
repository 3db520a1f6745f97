import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { type Db, type DbOrTx, poolOf } from '../../platform/database.ts';
import { startRecurringJob } from '../../platform/jobs.ts';
import type { Services } from '../../platform/services.ts';
import { tasks } from '../tasks/schema.ts';
import { deleteExpiredFiles } from './expired-files.ts';
import { deleteExpiredUploads } from './uploads.ts';

export const RESULT_EXPIRY_QUEUE = 'result-expiry';
/** Hourly: a file is served until its expiry exactly (the route checks), and deleted within the hour. */
const RESULT_EXPIRY_CRON = '17 * * * *';

const DAY_MS = 86_400_000;

type RetentionServices = Pick<Services, 'db' | 'storage' | 'clock' | 'log' | 'config'>;

/** When results stored now stop being served. */
export const resultsExpiryFrom = (now: Date, retentionDays: number) =>
  new Date(now.getTime() + retentionDays * DAY_MS);

const RESULTS_EXPIRY_SQL = `
select least(t.results_expire_at, w.deleted_at, u.deleted_at) as expires_at
  from tasks t join workspaces w on w.id = t.workspace_id
  left join users u on u.id = w.id and w.kind = 'personal'
 where t.id = $1`;

/**
 * The task's results expiry: undefined for an unknown task, null for a task without files. A
 * deleted workspace's (or deleted account's) results expired when it was deleted, whatever the
 * task says: a call charged by a statement that still saw the account, completed after its
 * deletion expired the rest, got a fresh expiry of its own.
 */
export async function findResultsExpiry(db: Db, taskId: string): Promise<Date | null | undefined> {
  // A named statement: every download of a result runs it, parsed and planned once per connection.
  const { rows } = await poolOf(db).query<{ expires_at: Date | string | null }>({
    name: 'conduit-results-expiry',
    text: RESULTS_EXPIRY_SQL,
    values: [taskId],
  });
  const row = rows[0];
  if (!row) return undefined;
  return row.expires_at === null ? null : new Date(row.expires_at);
}

/**
 * A deleted workspace's results expire at once (a deleted account's personal workspace, whose id
 * is the account's, or a deleted team): their URLs answer 410 from now on, and the next expiry
 * run deletes the files.
 */
export async function expireWorkspaceResults(tx: DbOrTx, workspaceId: string, now: Date): Promise<void> {
  await tx
    .update(tasks)
    .set({ resultsExpireAt: now })
    // Tasks still running have no expiry yet: they get this one, which their completion keeps.
    .where(
      and(
        eq(tasks.workspaceId, workspaceId),
        or(gt(tasks.resultsExpireAt, now), isNull(tasks.resultsExpireAt)),
      ),
    );
}

/** Deletes the files of every task whose results expired; answers how many tasks it cleared. */
export const deleteExpiredResults = (services: RetentionServices): Promise<number> =>
  deleteExpiredFiles(services, {
    table: tasks,
    id: tasks.id,
    expiresAt: tasks.resultsExpireAt,
    deletedAt: tasks.resultsDeletedAt,
  });

/** Asks a worker to delete expired results now (after an account's deletion). */
export const queueResultExpiry = (services: Pick<Services, 'jobs'>) =>
  services.jobs.send(RESULT_EXPIRY_QUEUE, null, { singletonKey: RESULT_EXPIRY_QUEUE });

/**
 * The expiry job runs on worker processes (ROLE worker or all): hourly by pg-boss's schedule,
 * once at start, and when an account is deleted. One run at a time across processes.
 */
export async function startResultExpiry(services: RetentionServices & Pick<Services, 'jobs'>) {
  const expire = async () => {
    const cleared = await deleteExpiredResults(services);
    if (cleared > 0) services.log.info({ tasks: cleared }, 'deleted expired result files');
    const uploadsCleared = await deleteExpiredUploads(services);
    if (uploadsCleared > 0) services.log.info({ uploads: uploadsCleared }, 'deleted expired uploads');
  };
  await startRecurringJob(services, RESULT_EXPIRY_QUEUE, RESULT_EXPIRY_CRON, expire, {
    pollingIntervalSeconds: 5,
  });
}
