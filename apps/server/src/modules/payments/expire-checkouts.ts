import { startRecurringJob } from '../../platform/jobs.ts';
import type { Services } from '../../platform/services.ts';

export const CHECKOUT_EXPIRY_QUEUE = 'checkout-expiry';
/** Hourly: an abandoned checkout is expired within the hour after its day. */
const EXPIRY_CRON = '41 * * * *';
/** A Stripe Checkout Session expires 24 hours after it was created (Stripe's default): ours too. */
export const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

type ExpiryServices = Pick<Services, 'pool' | 'clock' | 'config'>;

/**
 * Marks checkouts still pending a day after they started as expired (a sandbox one can no longer
 * be paid either), so the purchase history shows them as ended. Only `pending` moves: a payment
 * that is processing or paid is left alone, and a Stripe payment that does arrive later is still
 * credited by the fulfil path. Answers how many expired.
 */
export async function expireAbandonedCheckouts(services: ExpiryServices): Promise<number> {
  const cutoff = new Date(services.clock.now().getTime() - CHECKOUT_LIFETIME_MS);
  const { rowCount } = await services.pool.query(
    `update payments
        set status = 'expired', updated_at = now(),
            sandbox_state = case when sandbox_state = 'open' then 'expired' else sandbox_state end
      where kind = 'checkout' and status = 'pending' and created_at < $1`,
    [cutoff],
  );
  return rowCount ?? 0;
}

/** The expiry runs on worker processes (ROLE worker or all), hourly by pg-boss's schedule and once at start. */
export async function startCheckoutExpiry(services: ExpiryServices & Pick<Services, 'jobs' | 'log'>) {
  await startRecurringJob(services, CHECKOUT_EXPIRY_QUEUE, EXPIRY_CRON, async () => {
    const expired = await expireAbandonedCheckouts(services);
    if (expired > 0) services.log.info({ checkouts: expired }, 'expired abandoned checkouts');
  });
}
