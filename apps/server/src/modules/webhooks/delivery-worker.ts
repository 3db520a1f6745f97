import { EVENT_RETENTION_DAYS } from '@conduit/contracts';
import { and, eq, inArray, lt, lte } from 'drizzle-orm';
import type { Services } from '../../platform/services.ts';
import { webhookDeliveries, webhookEvents } from '../events/schema.ts';
import { ATTEMPT_LEASE_MS, attemptDelivery, type DeliveryContext } from './attempt-delivery.ts';
import { scanExpiringKeys } from './key-expiring.ts';

const POLL_MS = 1_000;
const BATCH = 20;
const MAINTENANCE_MS = 3_600_000;

/**
 * Claims the deliveries due now (skipping those another worker holds) and moves their
 * `next_attempt_at` a lease ahead, so a worker that dies mid-attempt leaves them to be tried again.
 */
export async function claimDueDeliveries(ctx: Pick<DeliveryContext, 'db' | 'clock'>, limit = BATCH) {
  const now = ctx.clock.now();
  const due = ctx.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await ctx.db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(now.getTime() + ATTEMPT_LEASE_MS) })
    .where(inArray(webhookDeliveries.id, due))
    .returning({ id: webhookDeliveries.id });
  return claimed.map((row) => row.id);
}

/** Deletes events older than EVENT_RETENTION_DAYS; their deliveries and attempts go with them. */
export async function purgeOldEvents(ctx: Pick<DeliveryContext, 'db' | 'clock'>) {
  const before = new Date(ctx.clock.now().getTime() - EVENT_RETENTION_DAYS * 86_400_000);
  const deleted = await ctx.db
    .delete(webhookEvents)
    .where(lt(webhookEvents.createdAt, before))
    .returning({ id: webhookEvents.id });
  return deleted.length;
}

export interface DeliveryWorker {
  /** Looks for due deliveries now (an event was just recorded here). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Worker processes deliver what is due every second (and at once when woken), and every hour
 * purge old events and record `key.expiring` for keys entering their last week.
 */
export function startDeliveryWorker(services: Services, ctx: DeliveryContext): DeliveryWorker {
  let isStopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const poll = () => {
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = (async () => {
      for (;;) {
        const ids = await claimDueDeliveries(ctx);
        await Promise.all(
          ids.map(async (id) => {
            const delivery = await attemptDelivery(ctx, id, { isManual: false });
            // Operators see deliveries and failed attempts in /metrics.
            if (delivery?.attempts) {
              const outcome = delivery.status === 'succeeded' ? 'delivered' : 'failed';
              services.metrics.webhookDeliveries.inc({ outcome });
            }
          }),
        );
        if (ids.length < BATCH) return;
      }
    })()
      .catch((error) => services.log.error({ err: error }, 'webhook delivery pass failed'))
      .finally(() => {
        running = undefined;
        if (isStopped) return;
        if (again) {
          again = false;
          poll();
        } else timer = setTimeout(poll, POLL_MS);
      });
  };
  const maintain = () =>
    Promise.all([purgeOldEvents(ctx), scanExpiringKeys(ctx)]).catch((error) =>
      services.log.error({ err: error }, 'webhook maintenance failed'),
    );
  const maintenance = setInterval(maintain, MAINTENANCE_MS);
  void maintain();
  poll();
  return {
    wake: () => {
      if (!isStopped) poll();
    },
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      clearInterval(maintenance);
      await running;
    },
  };
}
