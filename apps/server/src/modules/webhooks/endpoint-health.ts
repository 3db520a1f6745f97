import { ENDPOINT_DISABLE_AFTER_DAYS } from '@conduit/contracts';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { webhookEndpoints } from '../events/schema.ts';
import type { DeliveryContext } from './attempt-delivery.ts';

const DISABLE_AFTER_MS = ENDPOINT_DISABLE_AFTER_DAYS * 86_400_000;

/**
 * Keeps the endpoint's failing streak: a success ends it, a failure starts it (or continues it).
 * A streak of ENDPOINT_DISABLE_AFTER_DAYS switches the endpoint off, in one conditional UPDATE so
 * that one attempt only (whichever process) switches it and mails the workspace.
 */
export async function noteEndpointOutcome(
  ctx: DeliveryContext,
  workspaceId: string,
  url: string,
  ok: boolean,
) {
  const now = ctx.clock.now();
  if (ok) {
    await ctx.db
      .update(webhookEndpoints)
      .set({ failingSince: null, updatedAt: now })
      .where(
        and(eq(webhookEndpoints.workspaceId, workspaceId), sql`${webhookEndpoints.failingSince} is not null`),
      );
    return;
  }
  await ctx.db
    .insert(webhookEndpoints)
    .values({ workspaceId, failingSince: now, updatedAt: now })
    .onConflictDoUpdate({
      target: webhookEndpoints.workspaceId,
      set: { failingSince: sql`coalesce(${webhookEndpoints.failingSince}, excluded.failing_since)` },
    });
  const [disabled] = await ctx.db
    .update(webhookEndpoints)
    .set({ disabledAt: now, updatedAt: now })
    .where(
      and(
        eq(webhookEndpoints.workspaceId, workspaceId),
        isNull(webhookEndpoints.disabledAt),
        lte(webhookEndpoints.failingSince, new Date(now.getTime() - DISABLE_AFTER_MS)),
      ),
    )
    .returning();
  if (disabled) await ctx.onEndpointDisabled(workspaceId, url);
}

/** A saved endpoint starts afresh: on, no failing streak; `eventTypes` (when given) replaces the choice. */
export async function resetEndpoint(
  db: DeliveryContext['db'],
  workspaceId: string,
  eventTypes: string[] | undefined,
  now: Date,
) {
  await db
    .insert(webhookEndpoints)
    .values({ workspaceId, eventTypes: eventTypes ?? null, updatedAt: now })
    .onConflictDoUpdate({
      target: webhookEndpoints.workspaceId,
      set: {
        failingSince: null,
        disabledAt: null,
        updatedAt: now,
        ...(eventTypes && { eventTypes }),
      },
    });
}
