import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, migrateDatabase } from '../src/platform/database.ts';
import { dropDatabase, recreateDatabase, withDatabase } from './database-urls.ts';
import { insertUserOfOldSchema, migrateThrough } from './migrate-through.ts';

/*
 * Migration 0036 (test mode) on an installation with keys, tasks, events and request-log rows
 * written before it: every one of them is live, a live task still cannot cost 0, and a test task
 * (the only kind that may) can be written after it.
 */
describe('migration 0036: keys have a mode, tasks, events and requests a livemode', () => {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `conduit_m_${randomBytes(6).toString('hex')}`;
  const url = withDatabase(adminUrl, name);
  let database: ReturnType<typeof connectDatabase>;
  let userId: string;

  beforeAll(async () => {
    await recreateDatabase(adminUrl, name);
    database = connectDatabase(url, 2);
    await migrateThrough(database.db, '0035_uploads');
    ({ id: userId } = await insertUserOfOldSchema(database.pool, `old-${name}@example.com`));
    const { pool } = database;
    await pool.query(
      `insert into api_keys (id, workspace_id, name, key_hash, key_encrypted, permissions)
       values ('key_old', $1, 'old key', 'hash-old', 'sealed', array['image'])`,
      [userId],
    );
    await pool.query(
      `insert into tasks (id, workspace_id, api_key_id, service, status, cost, engine, request, deadline_at)
       values ('task_old', $1, 'key_old', 'image', 'completed', 1, 'kie', '{}', now() + interval '1 hour')`,
      [userId],
    );
    await pool.query(
      `insert into webhook_events (id, workspace_id, type, body, dedupe_key)
       values ('evt_old', $1, 'task.completed', '{}', 'task:task_old:task.completed')`,
      [userId],
    );
    await pool.query(
      `insert into request_log (at, workspace_id, api_key_id, method, endpoint, status, duration_ms, request_id, ip)
       values (now(), $1, 'key_old', 'POST', '/api/provider/image', 200, 1, 'req_old', '127.0.0.1')`,
      [userId],
    );
  }, 120_000);
  afterAll(async () => {
    await database?.pool.end();
    await dropDatabase(adminUrl, name);
  });

  it('makes every row written before it live, and lets only a test task cost nothing', async () => {
    await migrateDatabase(database.pool, database.db);
    const { pool } = database;
    const one = async (sql: string) => (await pool.query(sql)).rows[0];
    expect(await one(`select mode from api_keys where id = 'key_old'`)).toEqual({ mode: 'live' });
    expect(await one(`select livemode from tasks where id = 'task_old'`)).toEqual({ livemode: true });
    expect(await one(`select livemode from webhook_events where id = 'evt_old'`)).toEqual({ livemode: true });
    expect(await one(`select livemode from request_log where request_id = 'req_old'`)).toEqual({
      livemode: true,
    });

    const insertTask = (id: string, livemode: boolean) =>
      pool.query(
        `insert into tasks (id, workspace_id, api_key_id, service, cost, engine, request, deadline_at, livemode)
         values ($1, $2, 'key_old', 'image', 0, 'local', '{}', now() + interval '1 hour', $3)`,
        [id, userId, livemode],
      );
    await expect(insertTask('task_free_live', true)).rejects.toThrow(/tasks_cost_check/);
    await insertTask('task_free_test', false);
    await expect(pool.query(`update api_keys set mode = 'sandbox' where id = 'key_old'`)).rejects.toThrow(
      /api_keys_mode_check/,
    );
  });
});
