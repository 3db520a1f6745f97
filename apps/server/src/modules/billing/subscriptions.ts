import { accountDeleted } from '../auth/account-events.ts';
import { paymentCredited, topUpChargeSettled } from '../payments/payment-events.ts';
import { teamDeleted } from '../workspaces/workspace-events.ts';
import { afterPaymentCredited } from './after-payment.ts';
import { stopWorkspaceBilling } from './stop-billing.ts';
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

/** A deleted account (its personal workspace has its id) or team never pays again. */
export function subscribeBillingToDeletions(): void {
  accountDeleted.subscribe('billing.stop', ({ tx, userId }) => stopWorkspaceBilling(tx, userId));
  teamDeleted.subscribe('billing.stop', ({ tx, workspaceId }) => stopWorkspaceBilling(tx, workspaceId));
}
