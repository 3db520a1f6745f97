import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
