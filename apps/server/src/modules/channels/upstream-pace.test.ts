import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-runtime.ts';
import { createUpstreamPace, type PaceRule, type UpstreamPace } from './upstream-pace.ts';

/*
 * The pace of kie.ai's creates (docs/upstreams.md, "Pacing kie.ai's creates") shared by several
 * processes: each "process" here has its own connection pool (or Redis client), as separate
 * server processes would, and all take slots at once.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const pools: pg.Pool[] = [];
const clients: Redis[] = [];
const redisUrl = inject('redisUrl');

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await Promise.all(clients.map((client) => client.quit()));
  await database.drop();
});

const newPool = () => {
  const pool = new pg.Pool({ connectionString: database.url, max: 3 });
  pools.push(pool);
  return pool;
};

/** Takes `each` slots from every pace at once; answers when each was granted. */
async function burst(paces: UpstreamPace[], each: number) {
  const granted: number[] = [];
  const waits: number[] = [];
  await Promise.all(
    paces.flatMap((pace) =>
      Array.from({ length: each }, async () => {
        const answer = await pace.take();
        if (answer.isAllowed) granted.push(Date.now());
        else waits.push(answer.waitMs);
      }),
    ),
  );
  return { granted, waits };
}

async function expectSharedWindow(paces: UpstreamPace[], rule: PaceRule) {
  // Three processes ask for 12 slots each (36) at once (well within one window, even on a busy
  // machine): exactly the limit is granted.
  const first = await burst(paces, 12);
  expect(first.granted).toHaveLength(rule.limit);
  expect(first.waits).toHaveLength(36 - rule.limit);
  for (const wait of first.waits) {
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(rule.windowMs);
  }
  // Once the window has passed the last slot granted, the same number again, never more.
  const lastGranted = Math.max(...first.granted);
  await new Promise((resolve) => setTimeout(resolve, lastGranted + rule.windowMs + 100 - Date.now()));
  const second = await burst(paces, 12);
  expect(second.granted).toHaveLength(rule.limit);
  // No window of the rule's length ever held more than the limit.
  const times = [...first.granted, ...second.granted].sort((a, b) => a - b);
  for (const at of times) {
    expect(times.filter((t) => t >= at && t < at + rule.windowMs - 50).length).toBeLessThanOrEqual(
      rule.limit,
    );
  }
}

describe('the upstream pace', () => {
  it('in PostgreSQL: three processes share one sliding window', async () => {
    const rule = { upstream: 'kie-pg', limit: 20, windowMs: 3_000 };
    const owned = [newPool(), newPool(), newPool()];
    const paces = owned.map((pool) => createUpstreamPace(rule, { pool }));
    await expectSharedWindow(paces, rule);
    // Old slots are deleted as the window moves: the table stays small.
    const { rows } = await newPool().query('select count(*)::int as n from upstream_pace_slots');
    expect(rows[0].n).toBeLessThanOrEqual(2 * rule.limit);
  });

  it.skipIf(!redisUrl)('in Redis: three processes share one sliding window', async () => {
    const rule = { upstream: 'kie-redis', limit: 20, windowMs: 3_000 };
    const prefix = `test:pace:${Date.now()}`;
    const paces = [0, 1, 2].map(() => {
      const redis = new Redis(redisUrl);
      clients.push(redis);
      return createUpstreamPace(rule, { pool: newPool(), redis, prefix });
    });
    await expectSharedWindow(paces, rule);
  });

  it('a Redis that fails falls back to PostgreSQL, still shared', async () => {
    const rule = { upstream: 'kie-fallback', limit: 5, windowMs: 10_000 };
    const broken = new Redis('redis://127.0.0.1:9', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
    });
    broken.on('error', () => {});
    const viaBroken = createUpstreamPace(rule, { pool: newPool(), redis: broken });
    const viaDatabase = createUpstreamPace(rule, { pool: newPool() });
    const { granted } = await burst([viaBroken, viaDatabase], 5);
    expect(granted).toHaveLength(5);
    broken.disconnect();
  });
});
