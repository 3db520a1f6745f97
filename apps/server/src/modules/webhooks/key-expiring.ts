import { KEY_EXPIRING_NOTICE_DAYS } from '@conduit/contracts';
import { and, gt, isNull, lte } from 'drizzle-orm';
import { recordEvent } from '../events/record-event.ts';
import { apiKeys } from '../keys/schema.ts';
import type { DeliveryContext } from './attempt-delivery.ts';

/**
 * `key.expiring` for every live key whose expiry is within KEY_EXPIRING_NOTICE_DAYS: once per key
 * and expiry (the event's dedupe key names both, so a new expiry gets its own notice), whichever
 * process scans. Answers how many events were recorded.
 */
export async function scanExpiringKeys(ctx: Pick<DeliveryContext, 'db' | 'clock'>): Promise<number> {
  const now = ctx.clock.now();
  const keys = await ctx.db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      workspaceId: apiKeys.workspaceId,
      expiresAt: apiKeys.expiresAt,
    })
    .from(apiKeys)
    .where(
      and(
        isNull(apiKeys.deletedAt),
        gt(apiKeys.expiresAt, now),
        lte(apiKeys.expiresAt, new Date(now.getTime() + KEY_EXPIRING_NOTICE_DAYS * 86_400_000)),
      ),
    );
  let recorded = 0;
  for (const key of keys) {
    const expiresAt = key.expiresAt as Date;
    const event = await recordEvent(ctx.db, {
      workspaceId: key.workspaceId,
      type: 'key.expiring',
      data: {
        workspaceId: key.workspaceId,
        keyId: key.id,
        keyName: key.name,
        expiresAt: expiresAt.toISOString(),
      },
      dedupeKey: `key:${key.id}:expiring:${expiresAt.getTime()}`,
      at: now,
    });
    if (event) recorded += 1;
  }
  return recorded;
}
