import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, migrateDatabase } from '../src/platform/database.ts';
import { dropDatabase, recreateDatabase, withDatabase } from './database-urls.ts';
import { insertUserOfOldSchema, migrateThrough } from './migrate-through.ts';

/*
 * Migration 0038 on an installation with kie tasks running from before the account pool: they keep
 * their upstream job and record no account, so they are polled with the first account
 * (docs/upstreams.md, "A pool of kie.ai accounts"); the accounts' table starts empty.
 */
describe('migration 0038: the kie account pool', () => {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `conduit_m_${randomBytes(6).toString('hex')}`;
  const url = withDatabase(adminUrl, name);
  let database: ReturnType<typeof connectDatabase>;

  beforeAll(async () => {
    await recreateDatabase(adminUrl, name);
    database = connectDatabase(url, 2);
    await migrateThrough(database.db, '0035_uploads');
    const user = await insertUserOfOldSchema(database.pool, `old-${name}@example.com`);
    // Plain SQL naming the columns of that release: the current createKey names later ones (mode).
    const key = { _id: 'key_old' };
    await database.pool.query(
      `insert into api_keys (id, workspace_id, name, key_hash, key_encrypted, permissions)
       values ($1, $2, 'old key', 'hash-old', 'sealed', array['image', 'video', 'sora', 'linkedin'])`,
      [key._id, user.id],
    );
    await database.pool.query(
      `insert into tasks (id, workspace_id, api_key_id, service, status, cost, engine, request, deadline_at,
                          upstream_id, channel, upstream_started_at)
       values ('task_running_before_pool', $1, $2, 'video', 'processing', 10, 'kie', '{"prompt":"x"}',
               now() + interval '1 hour', 'kie_task_1', 'kie:video', now())`,
      [user.id, key._id],
    );
    await migrateDatabase(database.pool, database.db);
  }, 120_000);
  afterAll(async () => {
    await database?.pool.end();
    await dropDatabase(adminUrl, name);
  });

  it('keeps a running task as it was, with no account recorded, and starts with no account set aside', async () => {
    const { rows } = await database.pool.query(
      `select status, upstream_id, channel, upstream_account from tasks where id = 'task_running_before_pool'`,
    );
    expect(rows).toEqual([
      { status: 'processing', upstream_id: 'kie_task_1', channel: 'kie:video', upstream_account: null },
    ]);
    const accounts = await database.pool.query('select count(*)::int as n from kie_accounts');
    expect(accounts.rows).toEqual([{ n: 0 }]);
  });
});
