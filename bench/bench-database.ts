import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { connectDatabase } from '../apps/server/src/platform/database.ts';
import { startEmbeddedPostgres } from '../apps/server/src/platform/embedded-postgres.ts';
import { statementStatsSettings } from './statement-stats.ts';

export interface BenchDatabase {
  /** A fresh directory of the run's own (DATA_DIR for the servers it starts), removed by `stop`. */
  dataDir: string;
  /** DATABASE_URL when set, else the embedded PostgreSQL started in `dataDir`. */
  url: string;
  /** Stops the embedded PostgreSQL (not one DATABASE_URL names) and removes `dataDir`. */
  stop(): Promise<void>;
}

/** The database a bench runs on: DATABASE_URL, or an embedded PostgreSQL of its own. */
export async function benchDatabase(
  name: string,
  log: Logger = pino({ level: 'warn' }),
): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `conduit-bench-${name}-`));
  // mkdtemp makes a 0700 directory; the embedded PostgreSQL runs as its own user when we are root.
  await chmod(dataDir, 0o755);
  const server = process.env.DATABASE_URL
    ? { url: process.env.DATABASE_URL, stop: async () => {} }
    : await startEmbeddedPostgres(path.join(dataDir, 'embedded'), log, statementStatsSettings());
  return {
    dataDir,
    url: server.url,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a bench on a database of its own (benchDatabase) through a pool of `poolSize` connections:
 * a failure is printed and sets the exit code; the pool and the database are closed either way.
 */
export async function withBenchDatabase(
  name: string,
  log: Logger,
  poolSize: number,
  run: (bench: { database: BenchDatabase } & ReturnType<typeof connectDatabase>) => Promise<void>,
): Promise<void> {
  const database = await benchDatabase(name, log);
  const connection = connectDatabase(database.url, poolSize);
  connection.pool.on('error', () => {});
  try {
    await run({ database, ...connection });
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await connection.pool.end();
    await database.stop();
  }
}
