import type pg from 'pg';
import { RECENT_REQUESTS_WINDOW_MS } from '../../platform/metrics.ts';
import type { AdminContext } from './admin-context.ts';

/** `part` of `whole` in percent, to one decimal; 0 when `whole` is 0. */
export const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;

/** This process's own measurements: uptime in whole seconds; the last 5 minutes of requests. */
export function processFigures(ctx: Pick<AdminContext, 'metrics' | 'startedAt' | 'clock'>) {
  const window = ctx.metrics.recentRequests.summary(Date.now());
  return {
    uptime: Math.max(0, Math.floor((ctx.clock.now().getTime() - ctx.startedAt.getTime()) / 1000)),
    /** Mean milliseconds, to one decimal. */
    responseTime: Math.round(window.meanMs * 10) / 10,
    errorRate: percent(window.errors, window.requests),
    requests: window.requests,
    windowMs: RECENT_REQUESTS_WINDOW_MS,
  };
}

/**
 * Runs one analytics statement in a read-only transaction with more sort and hash memory than the
 * default 4 MB, so aggregating a month of calls (hundreds of thousands of rows) stays in memory
 * instead of spilling to disk. Admin figures are requested rarely; the memory is released at once.
 */
export async function analyticsQuery<Row extends pg.QueryResultRow>(
  pool: pg.Pool,
  text: string,
  params: unknown[] = [],
  workMem = '32MB',
): Promise<Row[]> {
  const client = await pool.connect();
  try {
    await client.query(`begin read only; set local work_mem = '${workMem}'`);
    const { rows } = await client.query<Row>(text, params);
    await client.query('commit');
    return rows;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
