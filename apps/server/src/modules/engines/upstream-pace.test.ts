import { once } from 'node:events';
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
/** Every connection's end: `pool.end()` answers before its connections have closed. */
const connectionsEnded: Array<Promise<unknown>> = [];
const clients: Redis[] = [];
const redisUrl = inject('redisUrl');

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  // Dropping the database ends the connections still open, which would fail as errors of the run.
  await Promise.all(connectionsEnded);
  await Promise.all(clients.map((client) => client.quit()));
  await database.drop();
});

const newPool = () => {
  const pool = new pg.Pool({ connectionString: database.url, max: 3 });
  pool.on('connect', (client) => connectionsEnded.push(once(client, 'end')));
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

  it('in PostgreSQL: six processes taking for several windows never pass the limit on the database clock', async () => {
    const rule = { upstream: 'kie-pg-steady', limit: 10, windowMs: 1_000 };
    // Every slot taken, with the time the database gave it, even after the pace deletes it.
    const observer = newPool();
    await observer.query(`
      create table pace_slots_seen (id text, upstream text, taken_at timestamptz);
      create function pace_slot_seen() returns trigger language plpgsql as $$
        begin insert into pace_slots_seen values (new.id, new.upstream, new.taken_at); return new; end $$;
      create trigger pace_slot_seen after insert on upstream_pace_slots
        for each row execute function pace_slot_seen();`);
    // Six processes (a pool each) with four takers each, for 3.5 s; a refused taker waits the time
    // it was answered, as the task queue does.
    const paces = [0, 1, 2, 3, 4, 5].map(() => createUpstreamPace(rule, { pool: newPool() }));
    let granted = 0;
    const waits: number[] = [];
    const until = Date.now() + 3_500;
    await Promise.all(
      paces.flatMap((pace) =>
        Array.from({ length: 4 }, async () => {
          while (Date.now() < until) {
            const answer = await pace.take();
            if (answer.isAllowed) granted += 1;
            else {
              waits.push(answer.waitMs);
              await new Promise((resolve) => setTimeout(resolve, answer.waitMs));
            }
          }
        }),
      ),
    );
    // The pace was full throughout: at least three windows' worth granted, many refused.
    expect(granted).toBeGreaterThanOrEqual(3 * rule.limit);
    expect(waits.length).toBeGreaterThan(granted);
    for (const wait of waits) {
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(rule.windowMs);
    }
    // Every grant is a slot in the database, and the slot `limit` places after any slot was taken
    // a whole window or more later: no window held more than the limit.
    const { rows } = await observer.query<{ slots: number; crowded: number }>(
      `select count(*)::int as slots,
              count(*) filter (where later - taken_at < make_interval(secs => $3))::int as crowded
         from (select taken_at, lead(taken_at, $2) over (order by taken_at) as later
                 from pace_slots_seen where upstream = $1) as seen`,
      [rule.upstream, rule.limit, rule.windowMs / 1000],
    );
    expect(rows[0]).toEqual({ slots: granted, crowded: 0 });
  });

  it('in PostgreSQL: the first takes asked are granted, and a refused one answers how long until the oldest slot leaves', async () => {
    const rule = { upstream: 'kie-pg-wait', limit: 3, windowMs: 1_500 };
    const pace = createUpstreamPace(rule, { pool: newPool() });
    // Five at once from one process: the first three asked get the three slots.
    const answers = await Promise.all(Array.from({ length: 5 }, () => pace.take()));
    expect(answers.slice(0, 3)).toEqual([{ isAllowed: true }, { isAllowed: true }, { isAllowed: true }]);
    const refused = answers[4];
    if (!refused || refused.isAllowed) throw new Error('a fifth slot was granted');
    expect(answers[3]).toEqual(refused);
    expect(refused.waitMs).toBeGreaterThan(0);
    expect(refused.waitMs).toBeLessThanOrEqual(rule.windowMs);
    // Waiting the answered time is enough: the oldest slot has left and the next take is granted.
    await new Promise((resolve) => setTimeout(resolve, refused.waitMs));
    expect(await pace.take()).toEqual({ isAllowed: true });
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

  it('tells how many slots of the window are taken, without taking one (the admin Channels tab), in both stores', async () => {
    const stores: Array<Parameters<typeof createUpstreamPace>[1]> = [{ pool: newPool() }];
    if (redisUrl) {
      const redis = new Redis(redisUrl);
      clients.push(redis);
      stores.push({ pool: newPool(), redis, prefix: `test:pace-used:${Date.now()}` });
    }
    for (const store of stores) {
      const rule = { upstream: `kie-used-${stores.indexOf(store)}`, limit: 4, windowMs: 1_000 };
      const pace = createUpstreamPace(rule, store);
      expect(await pace.used?.()).toBe(0);
      await burst([pace], 3);
      expect(await pace.used?.()).toBe(3);
      expect(await pace.used?.()).toBe(3);
      await new Promise((resolve) => setTimeout(resolve, rule.windowMs + 100));
      expect(await pace.used?.()).toBe(0);
    }
  });

  it.skipIf(!redisUrl)(
    'in Redis: the first take, in the same tick as another command of an auto-pipelining client, is taken',
    async () => {
      // The gateway's client pipelines the commands of one tick (platform/redis.ts). A pace is made
      // on the first kie call of an account, when paid calls' rate-limit commands are in flight:
      // a script defined on the client only then was missing from the tick's open pipeline, and
      // the pipeline's answer then threw in the process (ioredis issue 1931) and stopped it.
      const redis = new Redis(redisUrl, { enableAutoPipelining: true });
      clients.push(redis);
      await once(redis, 'ready');
      const prefix = `test:pace-tick:${Date.now()}`;
      const opened = redis.get(`${prefix}:other`);
      const rule = { upstream: 'kie-tick', limit: 2, windowMs: 1_000 };
      const pace = createUpstreamPace(rule, { pool: newPool(), redis, prefix });
      const taken = [pace.take(), pace.take(), pace.take()];
      expect(await opened).toBeNull();
      const answers = await Promise.all(taken);
      expect(answers.filter((answer) => answer.isAllowed)).toHaveLength(2);
      // Taken in Redis, not in PostgreSQL's fallback.
      expect(Number(await redis.zcard(`${prefix}:pace:kie-tick`))).toBe(2);
    },
  );

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
