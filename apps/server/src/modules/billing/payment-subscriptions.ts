import { paymentCredited, topUpChargeSettled } from '../payments/payment-events.ts';
import { afterPaymentCredited } from './after-payment.ts';
import { settleTopUp } from './top-up-outcome.ts';

/** What billing does when payments says a payment was credited or a top-up charge ended. */
export function subscribeBillingToPayments(): void {
  paymentCredited.subscribe('billing.after-payment', ({ tx, workspace, payment, charge, jobs }) =>
    afterPaymentCredited(tx, workspace, payment, charge, jobs),
  );
  topUpChargeSettled.subscribe('billing.settle-top-up', async ({ services, paymentId, outcome, now }) => {
    await settleTopUp(services, paymentId, outcome, now);
  });
}
