import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { connectDatabase, migrateDatabase } from '../src/platform/database.ts';
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts';
import { startJobs } from '../src/platform/jobs.ts';
import { dropDatabase, newTemplateDatabaseName, recreateDatabase, withDatabase } from './database-urls.ts';
import { startOwnRedis } from './own-redis.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    /** This run's migrated template, which each test file clones. */
    templateDatabase: string;
    /** REDIS_URL, or a Redis this run started itself; empty when neither exists. */
    redisUrl: string;
  }
}

/**
 * One PostgreSQL for the whole run: the machine's when DATABASE_URL is set, else an embedded one
 * in a temporary directory. A template database is migrated once (with pg-boss's schema), and
 * each test file clones it into a database of its own.
 */
export default async function setup(project: TestProject) {
  const log = pino({ level: 'warn' });
  let dataDir: string | undefined;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dataDir = await mkdtemp(path.join(tmpdir(), 'conduit-test-'));
    // Four test files at once (vitest.workers.ts), each with its runtime's pools, pg-boss and at
    // times server processes of its own, pass PostgreSQL's default of 100 connections.
    const embedded = await startEmbeddedPostgres(dataDir, log, ['max_connections=400']);
    adminUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const templateDatabase = newTemplateDatabaseName();
  await recreateDatabase(adminUrl, templateDatabase);
  const templateUrl = withDatabase(adminUrl, templateDatabase);
  const { pool, db } = connectDatabase(templateUrl, 2);
  await migrateDatabase(pool, db);
  await pool.end();
  const jobs = await startJobs(templateUrl, { ROLE: 'api' }, log);
  await jobs.stop({ graceful: false });
  const ownRedis = process.env.REDIS_URL ? undefined : await startOwnRedis();
  project.provide('redisUrl', process.env.REDIS_URL ?? ownRedis?.url ?? '');
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    await ownRedis?.stop();
    if (!stopEmbedded) await dropDatabase(adminUrl as string, templateDatabase).catch(() => {});
    await stopEmbedded?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
