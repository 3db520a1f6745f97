import type { Services } from '../../platform/services.ts';
import type { Engine } from '../engines/engine.ts';
import type { UrlGuard } from '../provider/check-input-urls.ts';
import { deliverTaskWebhook, WEBHOOK_QUEUE } from './deliver-webhook.ts';

/** Makes sure the queue exists; worker processes (ROLE worker or all) also deliver from it. */
export async function startWebhookWorker(services: Services, engine: Engine, urlGuard: UrlGuard) {
  await services.jobs.createQueue(WEBHOOK_QUEUE);
  if (services.config.ROLE === 'api') return;
  await services.jobs.work<{ taskId: string }>(
    WEBHOOK_QUEUE,
    { localConcurrency: 4, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      try {
        await deliverTaskWebhook(services, engine, job.data.taskId, services.log, urlGuard);
        services.metrics.webhookDeliveries.inc({ outcome: 'delivered' });
      } catch (error) {
        services.metrics.webhookDeliveries.inc({ outcome: 'failed' });
        throw error;
      }
    },
  );
}
