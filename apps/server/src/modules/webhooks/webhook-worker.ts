import type { Services } from '../../platform/services.ts';
import type { Engine } from '../engines/engine.ts';
import type { UrlGuard } from '../provider/check-input-urls.ts';
import { ACCOUNT_EVENT_QUEUE, type AccountEventJob, deliverAccountEvent } from './account-events.ts';
import { deliverTaskWebhook, WEBHOOK_QUEUE } from './deliver-webhook.ts';

/**
 * Makes sure the queues exist (task callbacks, account events); worker processes (ROLE worker or
 * all) also deliver from them.
 */
export async function startWebhookWorker(services: Services, engine: Engine, urlGuard: UrlGuard) {
  await services.jobs.createQueue(WEBHOOK_QUEUE);
  await services.jobs.createQueue(ACCOUNT_EVENT_QUEUE);
  if (services.config.ROLE === 'api') return;
  const counted = async (deliver: () => Promise<void>) => {
    try {
      await deliver();
      services.metrics.webhookDeliveries.inc({ outcome: 'delivered' });
    } catch (error) {
      services.metrics.webhookDeliveries.inc({ outcome: 'failed' });
      throw error;
    }
  };
  // Read at each delivery, so a test that moves services.clock moves the signing window too.
  const ctx = {
    db: services.db,
    clock: { now: () => services.clock.now() },
    sessionSecret: services.sessionSecret,
    urlGuard,
  };
  await services.jobs.work<{ taskId: string }>(
    WEBHOOK_QUEUE,
    { localConcurrency: 4, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      await counted(() => deliverTaskWebhook(ctx, engine, job.data.taskId, services.log, urlGuard));
    },
  );
  await services.jobs.work<AccountEventJob>(
    ACCOUNT_EVENT_QUEUE,
    { localConcurrency: 2, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      await counted(() => deliverAccountEvent(ctx, job.data));
    },
  );
}
