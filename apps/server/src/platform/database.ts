import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import * as schema from '../db/schema.ts';
import type { Config } from './config.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; query helpers take `DbOrTx` so callers can compose them in one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
/** The pool a database handle runs on, for statements the query builder cannot say. */
export const poolOf = (db: Db) => (db as Db & { $client: pg.Pool }).$client;

export interface Database {
  url: string;
  isEmbedded: boolean;
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));
// Serialises migrations when several processes start against one database at once.
const MIGRATION_LOCK_ID = 7_233_001;

export function connectDatabase(url: string, poolSize = 20): { pool: pg.Pool; db: Db } {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: 'conduit' });
  return { pool, db: drizzle(pool, { schema }) };
}

export async function migrateDatabase(pool: pg.Pool, db: Db): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}

/** The external PostgreSQL at DATABASE_URL, or the embedded one in DATA_DIR/pg; migrated. */
export async function openDatabase(config: Config, log: Logger): Promise<Database> {
  const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres(config.DATA_DIR, log);
  const url = config.DATABASE_URL ?? (embedded?.url as string);
  const { pool, db } = connectDatabase(url, config.DATABASE_POOL_SIZE);
  pool.on('error', (error) => log.warn({ err: error }, 'idle database connection failed'));
  // A connection lost while checked out (inside a transaction) fails that transaction's query; the
  // pool takes its own error listener off a client it lends, so without this one the client's
  // 'error' event would be an uncaught exception that stops the process.
  pool.on('connect', (client) =>
    client.on('error', (error) => log.warn({ err: error }, 'database connection failed in use')),
  );
  try {
    await migrateDatabase(pool, db);
  } catch (error) {
    await pool.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw error;
  }
  return {
    url,
    isEmbedded: Boolean(embedded),
    pool,
    db,
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}
