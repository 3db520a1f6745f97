import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from './config.ts';

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
