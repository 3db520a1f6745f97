import type pg from 'pg';
import { coalesce } from '../../platform/coalesce.ts';
import { newId } from '../../platform/ids.ts';

/** Failures in a row that open a channel's circuit. */
export const BREAKER_THRESHOLD = 5;
/** How long an open circuit sends no work before one probe is let through. */
export const BREAKER_COOL_DOWN_MS = 30_000;
const PRUNE_EVERY_MS = 10 * 60_000;
/**
 * How long a process trusts the channel states it read: an admin's change or another process's
 * opened circuit reaches every process within this. Its own failures, successes and probes update
 * its copy at once.
 */
export const CHANNEL_STATE_TTL_MS = 1_000;

export type CircuitState = 'closed' | 'open' | 'half-open';

export interface ChannelState {
  id: string;
  enabled: boolean;
  priority: number;
  consecutiveFailures: number;
  circuit: CircuitState;
  /** The least margin, in percent of the price charged, the channel must leave to serve as a fallback. */
  marginFloorPercent: number;
}

export interface BreakerOptions {
  threshold?: number;
  coolDownMs?: number;
}

export interface StateRow {
  id: string;
  enabled: boolean;
  priority: number;
  consecutive_failures: number;
  opened_at: Date | null;
  margin_floor_percent: number;
  is_cooling: boolean;
}

export const circuitOf = (row: Pick<StateRow, 'opened_at' | 'is_cooling'>): CircuitState =>
  row.opened_at === null ? 'closed' : row.is_cooling ? 'open' : 'half-open';

interface CachedState {
  id: string;
  enabled: boolean;
  priority: number;
  consecutiveFailures: number;
  openedAt: Date | null;
  marginFloorPercent: number;
  readAt: number;
}

interface CallRecord {
  id: string;
  isOk: boolean;
  latencyMs: number;
}

/**
 * The channels' shared state in PostgreSQL: every process reads and moves the same circuit, so a
 * channel that failed five times in a row for one process is skipped by all of them. Each move is
 * one conditional statement (no read-modify-write), so concurrent processes cannot lose a failure
 * or let two probes through one cool-down.
 *
 * Upstream calls are the hot path, so the states are read at most once per
 * `CHANNEL_STATE_TTL_MS` (concurrent readers share one query), a success on a closed circuit
 * writes nothing, and the per-call records (`channel_calls`, for the admin's figures) go in one
 * insert per batch: a record waits up to RECORD_LINGER_MS for others, so a busy process writes a
 * few inserts a second rather than one per upstream call or two.
 */
/** How long a call record waits for others to share its insert (the admin's figures are per hour). */
const RECORD_LINGER_MS = 200;

export function createChannelStore(pool: pg.Pool, options: BreakerOptions = {}) {
  const threshold = options.threshold ?? BREAKER_THRESHOLD;
  const coolDownMs = options.coolDownMs ?? BREAKER_COOL_DOWN_MS;
  const coolDownS = coolDownMs / 1000;
  const cache = new Map<string, CachedState>();
  /** Reads in flight, by the ids they read: concurrent callers share one query. */
  const reading = new Map<string, Promise<void>>();
  let lastPruneAt = 0;

  const remember = (row: Omit<StateRow, 'is_cooling'>) =>
    cache.set(row.id, {
      id: row.id,
      enabled: row.enabled,
      priority: row.priority,
      consecutiveFailures: row.consecutive_failures,
      openedAt: row.opened_at,
      marginFloorPercent: row.margin_floor_percent,
      readAt: Date.now(),
    });

  const read = (ids: string[]) => {
    const key = ids.join(',');
    const inFlight = reading.get(key);
    if (inFlight) return inFlight;
    const next = pool
      .query<Omit<StateRow, 'is_cooling'>>(
        'select id, enabled, priority, consecutive_failures, opened_at, margin_floor_percent from upstream_channels where id = any($1::text[])',
        [ids],
      )
      .then(({ rows }) => {
        for (const id of ids) cache.delete(id);
        for (const row of rows) remember(row);
      })
      .finally(() => reading.delete(key));
    reading.set(key, next);
    return next;
  };

  const record = coalesce<CallRecord>(
    async (calls) => {
      await pool.query(
        `insert into channel_calls (id, channel_id, is_ok, latency_ms)
       select * from unnest($1::text[], $2::text[], $3::boolean[], $4::int[])`,
        [
          calls.map(() => newId('chc')),
          calls.map((call) => call.id),
          calls.map((call) => call.isOk),
          calls.map((call) => Math.max(0, Math.round(call.latencyMs))),
        ],
      );
      if (Date.now() - lastPruneAt < PRUNE_EVERY_MS) return;
      lastPruneAt = Date.now();
      await pool.query(`delete from channel_calls where at < now() - interval '1 day'`);
    },
    1_000,
    RECORD_LINGER_MS,
  );

  return {
    coolDownMs,
    /** Inserts the rows of channels never seen before, with their default priority. */
    async register(channels: { id: string; service: string; upstream: string; priority: number }[]) {
      if (channels.length === 0) return;
      await pool.query(
        `insert into upstream_channels (id, service, upstream, priority)
         select * from unnest($1::text[], $2::text[], $3::text[], $4::int[])
         on conflict (id) do nothing`,
        [
          channels.map((c) => c.id),
          channels.map((c) => c.service),
          channels.map((c) => c.upstream),
          channels.map((c) => c.priority),
        ],
      );
    },

    /** The channels' states, in the order they are tried (priority, then id). */
    async states(ids: string[]): Promise<ChannelState[]> {
      const staleBefore = Date.now() - CHANNEL_STATE_TTL_MS;
      if (ids.some((id) => (cache.get(id)?.readAt ?? 0) <= staleBefore)) await read(ids);
      const now = Date.now();
      return ids
        .flatMap((id) => cache.get(id) ?? [])
        .sort((a, b) => a.priority - b.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((state) => ({
          id: state.id,
          enabled: state.enabled,
          priority: state.priority,
          consecutiveFailures: state.consecutiveFailures,
          marginFloorPercent: state.marginFloorPercent,
          circuit: circuitOf({
            opened_at: state.openedAt,
            is_cooling: state.openedAt !== null && now - state.openedAt.getTime() < coolDownMs,
          }),
        }));
    },

    /** Forgets the states read, so the next call reads them again (after an admin's change). */
    forget() {
      cache.clear();
    },

    /**
     * Takes the one probe of a half-open channel: restarts its cool-down, so other processes keep
     * skipping it while the probe runs. False when another process took the probe first (or
     * closed the circuit: the state is read again on the next call).
     */
    async claimProbe(id: string): Promise<boolean> {
      const { rows } = await pool.query<Omit<StateRow, 'is_cooling'>>(
        `update upstream_channels set opened_at = now(), updated_at = now()
          where id = $1 and opened_at <= now() - make_interval(secs => $2)
          returning id, enabled, priority, consecutive_failures, opened_at, margin_floor_percent`,
        [id, coolDownS],
      );
      if (rows[0]) remember(rows[0]);
      else cache.delete(id);
      return rows.length === 1;
    },

    /** A success closes the circuit (writes only when something was open or counted). */
    async recordSuccess(id: string, latencyMs: number) {
      record({ id, isOk: true, latencyMs });
      const known = cache.get(id);
      if (known && known.consecutiveFailures === 0 && known.openedAt === null) return;
      const { rows } = await pool.query<Omit<StateRow, 'is_cooling'>>(
        `update upstream_channels set consecutive_failures = 0, opened_at = null, updated_at = now()
          where id = $1 returning id, enabled, priority, consecutive_failures, opened_at, margin_floor_percent`,
        [id],
      );
      if (rows[0]) remember(rows[0]);
    },

    /** A failure counts; the threshold-th in a row (or a failed probe) opens the circuit. */
    async recordFailure(id: string, latencyMs: number) {
      record({ id, isOk: false, latencyMs });
      const { rows } = await pool.query<Omit<StateRow, 'is_cooling'>>(
        `update upstream_channels
            set consecutive_failures = consecutive_failures + 1, updated_at = now(),
                opened_at = case when consecutive_failures + 1 >= $2 then now() else opened_at end
          where id = $1 returning id, enabled, priority, consecutive_failures, opened_at, margin_floor_percent`,
        [id, threshold],
      );
      if (rows[0]) remember(rows[0]);
    },

    /** A call the channel answered, counted without touching the circuit (an upstream's "no"). */
    recordCall(id: string, isOk: boolean, latencyMs: number) {
      record({ id, isOk, latencyMs });
    },
  };
}

export type ChannelStore = ReturnType<typeof createChannelStore>;
