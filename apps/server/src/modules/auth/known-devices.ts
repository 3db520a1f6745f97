import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database.ts';
import { sha256Hex } from '../../platform/tokens.ts';
import { knownDevices } from './schema.ts';

type Seen = { known: number; total: number } & Record<string, unknown>;

/**
 * Records that a browser (its device cookie) signed in to an account, and says whether that is
 * news worth a mail: a browser the account has not seen, on an account that has seen others (the
 * very first sign-in, at verification, is not). One statement: `seen` counts the account's
 * browsers as they were before the statement's own insert or update.
 */
export async function noteSignInDevice(db: DbOrTx, userId: string, deviceId: string, now: Date) {
  const deviceHash = sha256Hex(deviceId);
  const { rows } = await db.execute<Seen>(sql`
    with seen as (
      select count(*) filter (where device_hash = ${deviceHash})::int as known, count(*)::int as total
      from ${knownDevices} where user_id = ${userId}
    )
    insert into ${knownDevices} (user_id, device_hash, first_seen_at, last_seen_at)
    values (${userId}, ${deviceHash}, ${now}, ${now})
    on conflict (user_id, device_hash) do update set last_seen_at = excluded.last_seen_at
    returning (select known from seen), (select total from seen)`);
  const [seen] = rows;
  return { isNewDevice: seen?.known === 0 && seen.total > 0 };
}
