import { sql } from 'drizzle-orm';
import { type Db as IDatabase, PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { DbOrTx } from './database.ts';

export const JOBS_SCHEMA = 'pgboss';

/**
 * pg-boss on the application's own PostgreSQL. API-only processes send jobs but do not run
 * maintenance or schedules; worker processes (and the default `all`) do.
 */
export async function startJobs(
  databaseUrl: string,
  config: Pick<Config, 'ROLE'>,
  log: Logger,
): Promise<PgBoss> {
  const runsWorkers = config.ROLE !== 'api';
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: JOBS_SCHEMA,
    application_name: 'conduit-jobs',
    max: 5,
    supervise: runsWorkers,
    schedule: runsWorkers,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}

/**
 * The caller's drizzle transaction as pg-boss's `db` (send's option): a job sent through it is
 * written in that transaction, so it exists exactly when the transaction commits. pg-boss writes
 * `$n` placeholders; each becomes a bound parameter
 * of the same value (an array stays one parameter).
 */
export function jobsDbOf(tx: DbOrTx): IDatabase {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const chunks = text
        .split(/\$(\d+)/)
        .map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1])));
      const result = await tx.execute(sql.join(chunks));
      return { rows: result.rows };
    },
  };
}

/**
 * A recurring job of the worker processes (ROLE worker or all): its queue is made in every
 * process (API ones may send to it); workers run it by pg-boss's schedule (`cron`) and once at
 * start, one run at a time across processes (a singleton job). `startSingletonSeconds`: a start
 * within that many seconds of the last run's start sends none.
 */
export async function startRecurringJob(
  services: { jobs: PgBoss; config: Pick<Config, 'ROLE'> },
  queue: string,
  cron: string,
  run: () => Promise<void>,
  {
    pollingIntervalSeconds = 30,
    startSingletonSeconds,
  }: { pollingIntervalSeconds?: number; startSingletonSeconds?: number } = {},
): Promise<void> {
  await services.jobs.createQueue(queue);
  if (services.config.ROLE === 'api') return;
  await services.jobs.work(queue, { pollingIntervalSeconds }, run);
  await services.jobs.schedule(queue, cron, null, { singletonKey: queue });
  await services.jobs.send(queue, null, {
    singletonKey: queue,
    ...(startSingletonSeconds !== undefined && { singletonSeconds: startSingletonSeconds }),
  });
}
