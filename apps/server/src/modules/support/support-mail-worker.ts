import type { Services } from '../../platform/services.ts';
import { deliverSupportMail, SUPPORT_MAIL_QUEUE, type SupportMailJob } from './support-mail.ts';

const BATCH_SIZE = 10;

/**
 * Makes sure the queue exists; worker processes (ROLE worker or all) also send from it. Jobs come
 * in batches and settle one by one, so a burst (a busy hour, mail back after an outage) drains
 * quickly and one failing mail is retried without resending the rest.
 */
export async function startSupportMailWorker(services: Services) {
  await services.jobs.createQueue(SUPPORT_MAIL_QUEUE);
  if (services.config.ROLE === 'api') return;
  await services.jobs.work<SupportMailJob>(
    SUPPORT_MAIL_QUEUE,
    { batchSize: BATCH_SIZE, burstWhenBatchFull: true, perJobResults: true, pollingIntervalSeconds: 1 },
    async (jobs) => {
      const outcomes = await Promise.allSettled(jobs.map((job) => deliverSupportMail(services, job.data)));
      return jobs.map((job, index) => {
        const outcome = outcomes[index];
        if (outcome?.status !== 'rejected') return { id: job.id, status: 'completed' as const };
        services.log.warn({ err: outcome.reason, job: job.data }, 'support mail failed; it will be retried');
        return {
          id: job.id,
          status: 'failed' as const,
          output: { message: String((outcome.reason as Error)?.message ?? outcome.reason) },
        };
      });
    },
  );
}
