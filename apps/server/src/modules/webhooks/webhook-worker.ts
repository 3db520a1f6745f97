import type { Services } from '../../platform/services.ts';
import type { Engine } from '../engines/engine.ts';
import { type EventHooks, recordEvent } from '../events/record-event.ts';
import { findTask } from '../tasks/settle-task.ts';
import type { DeliveryContext } from './attempt-delivery.ts';
import { type DeliveryWorker, startDeliveryWorker } from './delivery-worker.ts';
import { recordTaskSettled } from './task-event.ts';

/** The pg-boss queues deliveries went through before the delivery log (drained, then unused). */
const LEGACY_TASK_QUEUE = 'task-webhook';
const LEGACY_ACCOUNT_QUEUE = 'account-webhook';

interface LegacyAccountJob {
  workspaceId: string;
  eventId: string;
  type: 'balance.low' | 'webhook.test';
  data: unknown;
}

/**
 * Worker processes (ROLE worker or all) deliver what is due (delivery-worker.ts). Jobs queued by
 * a version before the delivery log are turned into events, so an upgrade loses none.
 */
export async function startWebhookWorker(
  services: Services,
  engine: Engine,
  ctx: DeliveryContext,
  hooks: EventHooks,
): Promise<DeliveryWorker | undefined> {
  if (services.config.ROLE === 'api') return undefined;
  await services.jobs.createQueue(LEGACY_TASK_QUEUE);
  await services.jobs.createQueue(LEGACY_ACCOUNT_QUEUE);
  await services.jobs.work<{ taskId: string }>(LEGACY_TASK_QUEUE, async ([job]) => {
    const task = job && (await findTask(services.db, job.data.taskId));
    if (task) await recordTaskSettled(services.db, task, engine, hooks);
  });
  await services.jobs.work<LegacyAccountJob>(LEGACY_ACCOUNT_QUEUE, async ([job]) => {
    if (!job) return;
    await recordEvent(
      services.db,
      { ...job.data, dedupeKey: `legacy:${job.data.eventId}`, at: services.clock.now() },
      hooks,
    );
  });
  return startDeliveryWorker(services, ctx);
}
