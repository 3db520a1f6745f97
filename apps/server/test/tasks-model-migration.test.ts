import { describe, expect, it } from 'vitest';
import { migrateDatabase } from '../src/platform/database.ts';
import { insertUserOfOldSchema } from './migrate-through.ts';
import { oldInstallation } from './old-installation.ts';

/*
 * Migration 0029 on an installation whose tasks were written before tasks recorded their model:
 * each image and video call gets the model its kept body named, else its service's default
 * (nano-banana, fast); Sora and LinkedIn calls keep none.
 */
const OLD_TASKS = [
  {
    id: 'task_old_image',
    service: 'image',
    request: { prompt: 'before the catalogue' },
    model: 'nano-banana',
  },
  {
    id: 'task_old_seedream',
    service: 'image',
    request: { model: 'seedream-4.5', prompt: 'x' },
    model: 'seedream-4.5',
  },
  { id: 'task_old_video', service: 'video', request: { prompt: 'no model named' }, model: 'fast' },
  {
    id: 'task_old_standard',
    service: 'video',
    request: { model: 'standard', prompt: 'x' },
    model: 'standard',
  },
  {
    id: 'task_old_kling',
    service: 'video',
    request: { model: 'kling-2.6', prompt: 'x' },
    model: 'kling-2.6',
  },
  {
    id: 'task_old_sora',
    service: 'sora',
    request: { video_url: 'https://sora.chatgpt.com/p/s_1' },
    model: null,
  },
  { id: 'task_old_linkedin', service: 'linkedin', request: { username: 'ada', limit: 2 }, model: null },
] as const;

describe('migration 0029: tasks record their model, older ones backfilled', () => {
  const database = oldInstallation('0028_support_thread_replies', async ({ pool, name }) => {
    const user = await insertUserOfOldSchema(pool, `old-${name}@example.com`);
    // Plain SQL naming the columns of that release: the current createKey names later ones (mode).
    const key = { _id: 'key_old' };
    await pool.query(
      `insert into api_keys (id, workspace_id, name, key_hash, key_encrypted, permissions)
       values ($1, $2, 'old key', 'hash-old', 'sealed', array['image', 'video', 'sora', 'linkedin'])`,
      [key._id, user.id],
    );
    for (const task of OLD_TASKS) {
      await pool.query(
        `insert into tasks (id, workspace_id, api_key_id, service, status, cost, engine, request, deadline_at)
         values ($1, $2, $3, $4, 'completed', 1, 'kie', $5, now() + interval '1 hour')`,
        [task.id, user.id, key._id, task.service, JSON.stringify(task.request)],
      );
    }
  });

  it("gives each image and video call its body's model or its service's default, Sora and LinkedIn none", async () => {
    await migrateDatabase(database.pool, database.db);
    const { rows } = await database.pool.query<{ id: string; model: string | null }>(
      'select id, model from tasks order by id',
    );
    expect(Object.fromEntries(rows.map((row) => [row.id, row.model]))).toEqual(
      Object.fromEntries(OLD_TASKS.map((task) => [task.id, task.model])),
    );
  });
});
