import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Logger } from 'pino';
import { redisScript, runRedisScript } from '../../platform/redis-script.ts';

/** What a create may do now: go, or wait this long for the oldest slot of the window to free. */
export type PaceAnswer = { isAllowed: true } | { isAllowed: false; waitMs: number };

export interface PaceRule {
  /** The upstream account paced, e.g. `kie`. */
  upstream: string;
  /** Creates allowed in any window of `windowMs` (a sliding window, not fixed buckets). */
  limit: number;
  windowMs: number;
}

export interface UpstreamPace {
  /** Takes one slot of the window if one is free; never waits itself. */
  take(): Promise<PaceAnswer>;
  /** How many slots of the window are taken now (the admin Channels tab's pace use); takes none. */
  used?(): Promise<number>;
}

/*
 * One sliding window in a sorted set scored by Redis's own clock (every process shares it):
 * forget the slots older than the window, take one if fewer than the limit are left, else answer
 * how long until the oldest leaves.
 */
const TAKE_SLOT = redisScript(`
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)`);

/** The slots of the window on Redis's clock, without taking one. */
const COUNT_SLOTS = redisScript(`
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
return redis.call('ZCOUNT', KEYS[1], '(' .. (now - tonumber(ARGV[1])), '+inf')`);

/**
 * The same window in PostgreSQL, in one round trip: `conduit_take_pace_slots` (migration 0030)
 * takes a per-upstream advisory lock, deletes the slots older than the window, counts the rest and
 * takes up to `wanted` while fewer than the limit are left, all on the database's clock and in the
 * implicit transaction of this one statement, so the lock is held only while the database runs
 * it. A named statement: each connection parses it once.
 *
 * Its commit does not wait for the WAL flush (`synchronous_commit` off for this transaction
 * only): the slots are visible to every other take the moment it commits, as before, and only a
 * crash of the database itself could forget the last few, after which kie's own 429 paces the
 * creates (kie-engine.ts). Each create and each recordInfo read of a sync call takes a slot, and
 * the flush was most of a take's time: on a busy disk 6 to 11 ms at p50 against 0.3 to 0.9 ms
 * without it (bench/README.md, "Paid API (autocannon, 64 connections)").
 */
const TAKE_SQL =
  "select granted, wait_ms from set_config('synchronous_commit', 'off', true), conduit_take_pace_slots($1, $2, $3, $4)";

async function takeInPostgres(pool: pg.Pool, rule: PaceRule, wanted: number) {
  const { rows } = await pool.query<{ granted: number; wait_ms: number }>({
    name: 'conduit-take-pace-slots-async',
    text: TAKE_SQL,
    values: [rule.upstream, rule.limit, rule.windowMs, wanted],
  });
  const row = rows[0];
  if (!row) throw new Error(`the pace of ${rule.upstream} answered nothing`);
  return { granted: row.granted, waitMs: row.wait_ms };
}

type Waiting = { resolve(answer: PaceAnswer): void; reject(error: unknown): void };

/**
 * One call to PostgreSQL at a time per pace: the takes asked for while one is under way wait for
 * it and then go together in the next, the first ones asked granted first. Under a burst a process
 * sends one statement (one wait for the lock) for all its creates instead of one each.
 */
function postgresTaker(pool: pg.Pool, rule: PaceRule): () => Promise<PaceAnswer> {
  let waiting: Waiting[] = [];
  let isTaking = false;
  const drain = async () => {
    isTaking = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const { granted, waitMs } = await takeInPostgres(pool, rule, batch.length);
        for (const [index, take] of batch.entries()) {
          take.resolve(index < granted ? { isAllowed: true } : { isAllowed: false, waitMs });
        }
      } catch (error) {
        for (const take of batch) take.reject(error);
      }
    }
    isTaking = false;
  };
  return () =>
    new Promise<PaceAnswer>((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (!isTaking) void drain();
    });
}

/**
 * Paces an upstream's creates to its documented rate across every process
 * (docs/upstreams.md, "Pacing kie.ai's creates"): in Redis when configured, in PostgreSQL otherwise, and in
 * PostgreSQL too while Redis fails (both are shared, so the pace holds either way). The provider
 * rate limits' fixed windows (provider/rate-windows-*.ts) do not fit: two fixed windows side by
 * side let twice the limit through within one window's length, and the upstream drops the excess.
 */
export function createUpstreamPace(
  rule: PaceRule,
  store: { pool: pg.Pool; redis?: Redis; prefix?: string; log?: Logger },
): UpstreamPace {
  const { pool, redis } = store;
  const key = `${store.prefix ?? 'conduit'}:pace:${rule.upstream}`;
  const takeInDatabase = postgresTaker(pool, rule);
  return {
    async take() {
      if (redis) {
        try {
          const waitMs = Number(
            await runRedisScript(redis, TAKE_SLOT, [key], [rule.limit, rule.windowMs, randomUUID()]),
          );
          return waitMs === 0 ? { isAllowed: true } : { isAllowed: false, waitMs };
        } catch (error) {
          store.log?.warn(
            { err: error, upstream: rule.upstream },
            'pacing in Redis failed; pacing in PostgreSQL',
          );
        }
      }
      return takeInDatabase();
    },
    async used() {
      if (redis) {
        try {
          return Number(await runRedisScript(redis, COUNT_SLOTS, [key], [rule.windowMs]));
        } catch (error) {
          store.log?.warn({ err: error, upstream: rule.upstream }, 'reading the pace in Redis failed');
        }
      }
      const { rows } = await pool.query<{ used: number }>(
        `select count(*)::int as used from upstream_pace_slots
          where upstream = $1 and taken_at > now() - make_interval(secs => $2::double precision / 1000)`,
        [rule.upstream, rule.windowMs],
      );
      return rows[0]?.used ?? 0;
    },
  };
}
