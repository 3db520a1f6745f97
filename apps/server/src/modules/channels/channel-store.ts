import type pg from 'pg';
import { newId } from '../../platform/ids.ts';

/** Failures in a row that open a channel's circuit. */
export const BREAKER_THRESHOLD = 5;
/** How long an open circuit sends no work before one probe is let through. */
export const BREAKER_COOL_DOWN_MS = 30_000;
const PRUNE_EVERY_MS = 10 * 60_000;

export type CircuitState = 'closed' | 'open' | 'half-open';

export interface ChannelState {
  id: string;
  enabled: boolean;
  priority: number;
  consecutiveFailures: number;
  circuit: CircuitState;
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
  is_cooling: boolean;
}

export const circuitOf = (row: Pick<StateRow, 'opened_at' | 'is_cooling'>): CircuitState =>
  row.opened_at === null ? 'closed' : row.is_cooling ? 'open' : 'half-open';

/**
 * The channels' shared state in PostgreSQL: every process reads and moves the same circuit, so a
 * channel that failed five times in a row for one process is skipped by all of them. Each move is
 * one conditional statement (no read-modify-write), so concurrent processes cannot lose a failure
 * or let two probes through one cool-down.
 */
export function createChannelStore(pool: pg.Pool, options: BreakerOptions = {}) {
  const threshold = options.threshold ?? BREAKER_THRESHOLD;
  const coolDownS = (options.coolDownMs ?? BREAKER_COOL_DOWN_MS) / 1000;
  let lastPruneAt = 0;

  return {
    coolDownMs: coolDownS * 1000,
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
      const { rows } = await pool.query<StateRow>(
        `select id, enabled, priority, consecutive_failures, opened_at,
                opened_at > now() - make_interval(secs => $2) as is_cooling
           from upstream_channels where id = any($1::text[]) order by priority, id`,
        [ids, coolDownS],
      );
      return rows.map((row) => ({
        id: row.id,
        enabled: row.enabled,
        priority: row.priority,
        consecutiveFailures: row.consecutive_failures,
        circuit: circuitOf(row),
      }));
    },

    /**
     * Takes the one probe of a half-open channel: restarts its cool-down, so other processes keep
     * skipping it while the probe runs. False when another process took the probe first.
     */
    async claimProbe(id: string): Promise<boolean> {
      const { rowCount } = await pool.query(
        `update upstream_channels set opened_at = now(), updated_at = now()
          where id = $1 and opened_at <= now() - make_interval(secs => $2)`,
        [id, coolDownS],
      );
      return rowCount === 1;
    },

    /** A success closes the circuit (writes only when something was open or counted). */
    async recordSuccess(id: string, latencyMs: number) {
      await Promise.all([
        pool.query(
          `update upstream_channels set consecutive_failures = 0, opened_at = null, updated_at = now()
            where id = $1 and (consecutive_failures <> 0 or opened_at is not null)`,
          [id],
        ),
        this.recordCall(id, true, latencyMs),
      ]);
    },

    /** A failure counts; the threshold-th in a row (or a failed probe) opens the circuit. */
    async recordFailure(id: string, latencyMs: number) {
      await Promise.all([
        pool.query(
          `update upstream_channels
              set consecutive_failures = consecutive_failures + 1, updated_at = now(),
                  opened_at = case when consecutive_failures + 1 >= $2 then now() else opened_at end
            where id = $1`,
          [id, threshold],
        ),
        this.recordCall(id, false, latencyMs),
      ]);
    },

    async recordCall(id: string, isOk: boolean, latencyMs: number) {
      await pool.query(
        'insert into channel_calls (id, channel_id, is_ok, latency_ms) values ($1, $2, $3, $4)',
        [newId('chc'), id, isOk, Math.max(0, Math.round(latencyMs))],
      );
      if (Date.now() - lastPruneAt < PRUNE_EVERY_MS) return;
      lastPruneAt = Date.now();
      await pool.query(`delete from channel_calls where at < now() - interval '1 day'`);
    },
  };
}

export type ChannelStore = ReturnType<typeof createChannelStore>;
