import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database.ts';
import { sha256Hex } from '../../platform/tokens.ts';
import { knownDevices } from './schema.ts';

/**
 * Records that a browser (its device cookie) signed in to an account, and says whether that is
 * news worth a mail: a browser the account has not seen, on an account that has seen others (the
 * very first sign-in, at verification, is not).
 */
export async function noteSignInDevice(db: DbOrTx, userId: string, deviceId: string, now: Date) {
  const deviceHash = sha256Hex(deviceId);
  const [known] = await db
    .select({ hash: knownDevices.deviceHash })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, deviceHash)));
  const [others] = known
    ? [{ n: 1 }]
    : await db
        .select({ n: sql<number>`count(*)::int` })
        .from(knownDevices)
        .where(eq(knownDevices.userId, userId));
  await db
    .insert(knownDevices)
    .values({ userId, deviceHash, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.deviceHash], set: { lastSeenAt: now } });
  return { isNewDevice: !known && (others?.n ?? 0) > 0 };
}
