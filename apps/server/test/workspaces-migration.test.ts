import { describe, expect, it } from 'vitest';
import { runLedgerCheck } from '../src/modules/admin/ledger-audit.ts';
import { migrateDatabase } from '../src/platform/database.ts';
import { systemClock } from '../src/platform/services.ts';
import { seedAdminData } from './admin-seed.ts';
import { ADMIN_SEED_SCHEMA } from './migrate-through.ts';
import { oldInstallation } from './old-installation.ts';

/*
 * Migration 0011 (workspaces) on an installation filled with the admin bench's data at a small
 * scale: every account becomes a personal workspace with its own id, and the money rows only
 * change the name of their owner column. Fingerprints of each table, taken before and after,
 * must match exactly; the ledger audit must stay clean.
 */
const fingerprints = (owner: 'user_id' | 'workspace_id') => ({
  balances: `select md5(string_agg(${owner} || ':' || balance, ',' order by ${owner})) from credit_accounts`,
  entries: `select md5(string_agg(concat_ws(':', id, ${owner}, delta, reason, reference, balance_after), ',' order by id)) from credit_entries`,
  keys: `select md5(string_agg(concat_ws(':', id, ${owner}, key_hash, deleted_at), ',' order by id)) from api_keys`,
  tasks: `select md5(string_agg(concat_ws(':', id, ${owner}, api_key_id, status, cost, credits_refunded), ',' order by id)) from tasks`,
  payments: `select md5(string_agg(concat_ws(':', id, ${owner}, status, credits, amount_cents), ',' order by id)) from payments`,
  plans: `select md5(string_agg(concat_ws(':', id, tier, max_api_keys, rate_limit_per_minute), ',' order by id)) from ${
    owner === 'user_id' ? 'users' : 'workspaces'
  }`,
});

describe('migration 0011: every account becomes a personal workspace, money unchanged', () => {
  const database = oldInstallation(ADMIN_SEED_SCHEMA, async ({ pool }) => {
    const client = await pool.connect();
    try {
      await seedAdminData(client, { users: 2_000, tasks: 20_000, payments: 1_000 });
    } finally {
      client.release();
    }
  });

  it('keeps balances, ledger entries, keys, tasks, payments and plans; the ledger audit stays clean', async () => {
    const read = async (owner: 'user_id' | 'workspace_id') => {
      const found: Record<string, string> = {};
      for (const [table, sql] of Object.entries(fingerprints(owner))) {
        const { rows } = await database.pool.query<{ md5: string }>(sql);
        found[table] = rows[0]?.md5 as string;
      }
      return found;
    };
    const before = await read('user_id');
    expect(Object.values(before).every(Boolean)).toBe(true);

    await migrateDatabase(database.pool, database.db);

    expect(await read('workspace_id')).toEqual(before);
    const { rows } = await database.pool.query(
      `select (select count(*) from users)::int as users,
              (select count(*) from workspaces where kind = 'personal')::int as personal,
              (select count(*) from users u where not exists (select 1 from workspaces w where w.id = u.id))::int as without,
              (select count(*) from api_keys where created_by = workspace_id)::int as keys_with_creator,
              (select count(*) from api_keys)::int as keys`,
    );
    expect(rows[0]).toMatchObject({ users: 2_000, personal: 2_000, without: 0 });
    expect(rows[0].keys_with_creator).toBe(rows[0].keys);
    const audit = await runLedgerCheck({ ...database, clock: systemClock });
    expect(audit).toMatchObject({ accounts: 2_000, mismatched: 0 });
  }, 120_000);
});
