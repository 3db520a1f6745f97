import type pg from 'pg';
import { BREAKER_THRESHOLD } from './channel-store.ts';

/**
 * Opens a channel's circuit now, for a failure that more tries cannot mend (an Apify actor that
 * does not exist): it then gets no work for the cool-down, then one probe, like any open circuit.
 */
export async function openChannelCircuit(pool: pg.Pool, channelId: string) {
  await pool.query(
    `update upstream_channels
        set opened_at = now(), consecutive_failures = greatest(consecutive_failures, $2), updated_at = now()
      where id = $1`,
    [channelId, BREAKER_THRESHOLD],
  );
}
