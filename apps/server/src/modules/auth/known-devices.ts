import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database.ts';
import { sha256Hex } from '../../platform/tokens.ts';
import { knownDevices, users } from './schema.ts';

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

/**
 * The key of the wrong-password budget a sign-in attempt spends. Browsers that have signed in to the
 * account before (their device cookie is known) each get a budget of their own; every other browser
 * shares the account's. So someone who only knows the address can lock out unknown browsers for
 * 15 minutes, never the owner's own, as the large identity providers do. A device cookie cannot be
 * guessed (a random token), and an unknown one falls into the shared budget.
 */
export async function failureBudgetKey(db: DbOrTx, email: string, deviceId: string | undefined) {
  if (!deviceId) return email;
  const deviceHash = sha256Hex(deviceId);
  const { rows } = await db.execute<{ known: boolean }>(sql`
    select exists (
      select 1 from ${knownDevices} join ${users} on ${users.id} = ${knownDevices.userId}
      where ${users.email} = ${email} and ${knownDevices.deviceHash} = ${deviceHash}
    ) as known`);
  return rows[0]?.known ? `${email}#device:${deviceHash}` : email;
}
