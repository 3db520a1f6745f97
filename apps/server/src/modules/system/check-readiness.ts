import { sql } from 'drizzle-orm';
import { JOBS_SCHEMA } from '../../platform/jobs.ts';
import type { Services } from '../../platform/services.ts';

export interface ReadinessCheck {
  name: 'database' | 'jobs' | 'storage' | 'redis';
  ok: boolean;
  latencyMs: number;
  error?: string;
}

const CHECK_TIMEOUT_MS = 2_000;

async function timed(name: ReadinessCheck['name'], probe: () => Promise<unknown>): Promise<ReadinessCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS} ms`)),
          CHECK_TIMEOUT_MS,
        );
      }),
    ]);
    return { name, ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { name, ok: false, latencyMs: Math.round(performance.now() - started), error: String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this process can serve: its database, its job queue, its result store and (when
 * configured) Redis answer.
 */
export async function checkReadiness(services: Pick<Services, 'db' | 'redis' | 'storage'>) {
  const checks = await Promise.all([
    timed('database', () => services.db.execute(sql`select 1`)),
    timed('jobs', () =>
      services.db.execute(sql`select 1 from ${sql.identifier(JOBS_SCHEMA)}.version limit 1`),
    ),
    timed('storage', () => services.storage.check()),
    ...(services.redis
      ? [timed('redis', () => (services.redis as NonNullable<Services['redis']>).ping())]
      : []),
  ]);
  return { isReady: checks.every((check) => check.ok), checks };
}
