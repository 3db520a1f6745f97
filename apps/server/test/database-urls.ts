import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDatabase } from '../src/platform/database.ts';

/**
 * A template of this run's own, named by global-setup: two runs on one PostgreSQL (CI and a
 * developer, or two worktrees) would otherwise drop and rebuild each other's template mid-run.
 */
export function newTemplateDatabaseName(): string {
  return `conduit_test_template_${randomBytes(4).toString('hex')}`;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function recreateDatabase(url: string, name: string, template?: string) {
  return withAdminClient(url, async (client) => {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  });
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  await withAdminClient(url, (client) => client.query(`drop database if exists "${name}" with (force)`));
}

/**
 * A test's own pool on a test database. `pool.end()` resolves once its clients are asked to end,
 * not once they have: the database dropped right after (`with (force)`) terminates the last ones,
 * and pg-pool reports that as the pool's 'error' event, an uncaught exception without a listener.
 * Those terminations (57P01) are the test's own teardown; anything else is thrown on.
 */
export function connectTestDatabase(url: string, poolSize: number) {
  const connection = connectDatabase(url, poolSize);
  connection.pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== '57P01') throw error;
  });
  return connection;
}
