import { describe, expect, it } from 'vitest';
import { sequenceEvents } from '../src/modules/events/sequence-events.ts';
import { migrateDatabase } from '../src/platform/database.ts';
import { insertUserOfOldSchema } from './migrate-through.ts';
import { oldInstallation } from './old-installation.ts';

/*
 * Migration 0031 on an installation whose events were numbered at insert: they keep their numbers
 * (a receiver's cursor or Last-Event-ID still points where it did), and the events written after
 * it are numbered above them by the serial's own sequence.
 */
describe('migration 0031: event numbers given after commit', () => {
  let workspaceId: string;
  const insertEvent = (id: string, at: string) =>
    database.pool.query(
      `insert into webhook_events (id, workspace_id, type, body, dedupe_key, created_at)
       values ($1, $2, 'balance.low', '{}', $1, $3)`,
      [id, workspaceId, at],
    );
  const database = oldInstallation('0030_pace_take_function', async ({ pool, name }) => {
    const user = await insertUserOfOldSchema(pool, `old-${name}@example.com`);
    workspaceId = user.id;
    await insertEvent('evt_old_a', '2026-11-01T10:00:00Z');
    await insertEvent('evt_old_b', '2026-11-01T10:00:01Z');
  });

  it('keeps the numbers of stored events and numbers new ones above them once committed', async () => {
    const before = await database.pool.query<{ id: string; seq: string }>(
      'select id, seq from webhook_events order by seq',
    );
    await migrateDatabase(database.pool, database.db);
    const kept = await database.pool.query<{ id: string; seq: string }>(
      'select id, seq from webhook_events order by seq',
    );
    expect(kept.rows).toEqual(before.rows);

    // Written with one time, in this order: numbered in this order, above the old ones.
    await insertEvent('evt_new_b', '2026-11-02T10:00:00Z');
    await insertEvent('evt_new_a', '2026-11-02T10:00:00Z');
    const provisional = await database.pool.query<{ seq: string }>(
      "select seq from webhook_events where id like 'evt_new%'",
    );
    expect(provisional.rows.map((row) => Number(row.seq) < 0)).toEqual([true, true]);
    await sequenceEvents(database.db, workspaceId);
    const after = await database.pool.query<{ id: string }>('select id from webhook_events order by seq');
    expect(after.rows.map((row) => row.id)).toEqual(['evt_old_a', 'evt_old_b', 'evt_new_b', 'evt_new_a']);
  });
});
