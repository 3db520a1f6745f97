import { subscribeBillingToPayments } from './modules/billing/payment-subscriptions.ts';

/**
 * Subscribes the higher modules to the domain events of the lower ones (platform/domain-events.ts).
 * Called by `buildApp`, so every process has them, and before every server test file
 * (test/domain-subscribers-setup.ts) for tests that call operations without an app. Idempotent.
 */
export function subscribeDomainEvents(): void {
  subscribeBillingToPayments();
}
