import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidAccount, ledgerCheck } from '../../../test/paid-account.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { awaitDurable, createCharger } from './charge-call.ts';

let runtime: TestRuntime;

beforeAll(async () => {
  runtime = await createTestRuntime();
});
afterAll(() => runtime.close());

const lsnQuery = async (sql: string) =>
  ((await runtime.services.pool.query(sql)).rows[0] as { lsn: string }).lsn;
/** Orders two LSNs written as `X/Y` (hex). */
const lsnValue = (lsn: string) => {
  const [high = '0', low = '0'] = lsn.split('/');
  return BigInt(`0x${high}`) * 2n ** 32n + BigInt(`0x${low}`);
};

describe('charges commit without waiting for the disk, and answer only once durable', () => {
  it('awaitDurable flushes an asynchronous commit that is not on disk yet', async () => {
    const { pool } = runtime.services;
    await pool.query('create table if not exists durability_probe (n int)');
    // The WAL writer flushes asynchronous commits on its own within a few hundred ms, so look for
    // a moment where this commit is written but not yet flushed, then let the barrier flush it.
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(`select set_config('synchronous_commit', 'off', true)`);
        await client.query('insert into durability_probe values (1)');
        await client.query('commit');
        const written = (
          (await client.query('select pg_current_wal_insert_lsn() as lsn')).rows[0] as { lsn: string }
        ).lsn;
        const flushed = (
          (await client.query('select pg_current_wal_flush_lsn() as lsn')).rows[0] as { lsn: string }
        ).lsn;
        if (lsnValue(flushed) >= lsnValue(written)) continue;
        await awaitDurable(pool);
        expect(lsnValue(await lsnQuery('select pg_current_wal_flush_lsn() as lsn'))).toBeGreaterThanOrEqual(
          lsnValue(written),
        );
        return;
      } finally {
        client.release();
      }
    }
    throw new Error('never saw an asynchronous commit before its flush');
  });

  it('60 concurrent charges of 10 against 500 credits: exactly 50 charged, ledger whole', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 500 });
    const charger = createCharger(runtime.services.pool);
    const identity = {
      keyId: account.keyId,
      keyName: 'test key',
      userId: account.userId,
      tier: 'free' as const,
      limits: { perMinute: 60, perHour: 1_000, perDay: 10_000 },
      permissions: new Set(['image', 'video', 'sora', 'linkedin'] as const),
    };
    const settled = await Promise.allSettled(
      Array.from({ length: 60 }, () =>
        charger.charge({ identity, service: 'video', cost: 10, engine: 'local', request: { prompt: 'p' } }),
      ),
    );
    const charged = settled.filter((outcome) => outcome.status === 'fulfilled');
    expect(charged).toHaveLength(50);
    const refused = settled.filter((outcome) => outcome.status === 'rejected');
    for (const outcome of refused) expect(outcome.reason).toMatchObject({ status: 402 });
    const check = await ledgerCheck(runtime.services, account.userId);
    expect(check).toEqual({ balance: 0, sum: 0 });
    const { rows } = await runtime.services.pool.query(
      'select count(*)::int as n from tasks where user_id = $1',
      [account.userId],
    );
    expect(rows[0]).toEqual({ n: 50 });
  });
});
