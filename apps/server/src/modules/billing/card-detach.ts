import type { PgBoss } from 'pg-boss';
import type { DbOrTx } from '../../platform/database.ts';
import { jobsDbOf } from '../../platform/jobs.ts';
import type { Services } from '../../platform/services.ts';
import { createCheckoutProvider } from '../payments/checkout-provider.ts';

export const CARD_DETACH_QUEUE = 'card-detach';

/** A saved Stripe card that was replaced by a newer one: detached so it can never be charged again. */
export interface CardDetachJob {
  workspaceId: string;
  paymentMethodId: string;
}

/**
 * Queued in the transaction that saves the new card (the crediting one), so the old card is
 * detached exactly when the replacement commits; pg-boss retries a failed detach for about a day.
 */
export async function queueCardDetach(tx: DbOrTx, jobs: PgBoss, job: CardDetachJob) {
  await jobs.send(CARD_DETACH_QUEUE, job, {
    retryLimit: 12,
    retryDelay: 15,
    retryBackoff: true,
    retryDelayMax: 3600,
    singletonKey: `detach:${job.paymentMethodId}`,
    db: jobsDbOf(tx),
  });
}

/** Makes sure the queue exists; worker processes (ROLE worker or all) detach the replaced cards at Stripe. */
export async function startCardDetachWorker(services: Services) {
  await services.jobs.createQueue(CARD_DETACH_QUEUE);
  const provider = createCheckoutProvider(services.config, services.db);
  if (services.config.ROLE === 'api' || provider?.name !== 'stripe') return;
  await services.jobs.work<CardDetachJob>(
    CARD_DETACH_QUEUE,
    { localConcurrency: 2, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (job) await provider.detachCard(job.data.paymentMethodId);
    },
  );
}
