import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { ResultStore } from '../modules/files/result-store.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import type { Config } from './config.ts';
import type { Db } from './database.ts';
import type { Lifecycle } from './graceful-stop.ts';
import type { Metrics } from './metrics.ts';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The long-lived parts a process holds; routes hand what an operation needs to it. */
export interface Services {
  config: Config;
  db: Db;
  pool: pg.Pool;
  jobs: PgBoss;
  redis?: Redis;
  metrics: Metrics;
  mailer: Mailer;
  /** Where result files live (STORAGE): this machine's disk or S3-compatible object storage. */
  storage: ResultStore;
  clock: Clock;
  log: Logger;
  startedAt: Date;
  sessionSecret: string;
  lifecycle: Lifecycle;
}
