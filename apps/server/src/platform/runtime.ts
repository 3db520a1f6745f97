import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { type BuildAppOptions, buildApp } from '../app.ts';
import { openResultStore } from '../modules/files/result-store.ts';
import { withStoreMetrics } from '../modules/files/store-metrics.ts';
import { createMailer } from '../modules/mail/mailer.ts';
import { recordStart } from '../modules/system/installation.ts';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './database.ts';
import { createLifecycle } from './graceful-stop.ts';
import { startJobs } from './jobs.ts';
import { createMetrics } from './metrics.ts';
import { connectRedis } from './redis.ts';
import { readOrCreateSecret } from './secrets.ts';
import { type Services, systemClock } from './services.ts';

export interface Runtime {
  services: Services;
  database: Database;
  app: FastifyInstance;
  /** Stops accepting, lets in-flight requests finish, then stops jobs, Redis and the database. */
  stop(): Promise<void>;
}

/** Starts everything one process needs, in dependency order, and undoes it in reverse. */
export async function startRuntime(
  config: Config,
  log: Logger,
  options: BuildAppOptions = {},
): Promise<Runtime> {
  // An unreachable store stops the start before anything else is started.
  const storage = await openResultStore(config);
  const database = await openDatabase(config, log);
  const cleanups: Array<() => Promise<unknown>> = [async () => storage.close(), () => database.close()];
  let stopping: Promise<void> | undefined;
  const stopAll = () => {
    stopping ??= (async () => {
      for (const cleanup of [...cleanups].reverse()) {
        await cleanup().catch((error) => log.error({ err: error }, 'shutdown step failed'));
      }
    })();
    return stopping;
  };
  try {
    const sessionSecret =
      config.SESSION_SECRET ?? (await readOrCreateSecret(config.DATA_DIR, 'session-secret'));
    const jobs = await startJobs(database.url, config, log);
    cleanups.push(() => jobs.stop({ graceful: true, timeout: 10_000 }));
    const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, log) : undefined;
    if (redis) cleanups.push(() => redis.quit());
    const mailer = createMailer(config, log);
    cleanups.push(async () => mailer.close());
    const metrics = createMetrics();
    const services: Services = {
      config,
      db: database.db,
      pool: database.pool,
      jobs,
      redis,
      metrics,
      mailer,
      storage: withStoreMetrics(storage, metrics),
      clock: systemClock,
      log,
      startedAt: new Date(),
      sessionSecret,
      lifecycle: createLifecycle(),
    };
    await recordStart(database.db, services.startedAt);
    const app = await buildApp(services, options);
    cleanups.push(() => app.close());
    return { services, database, app, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
