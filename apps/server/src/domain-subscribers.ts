import { subscribeBillingToDeletions, subscribeBillingToPayments } from './modules/billing/subscriptions.ts';
import { subscribeCreditsToAccounts } from './modules/credits/subscriptions.ts';
import { subscribeFilesToDeletions } from './modules/files/subscriptions.ts';
import { subscribeKeysToWorkspaces } from './modules/keys/subscriptions.ts';
import { subscribeRequestLogToDeletions } from './modules/request-log/subscriptions.ts';
import { subscribeSupportToAuth } from './modules/support/subscriptions.ts';
import { subscribeWorkspacesToAuth } from './modules/workspaces/subscriptions.ts';

/**
 * Subscribes the higher modules to the domain events of the lower ones (platform/domain-events.ts).
 * Called by `buildApp`, so every process has them, and before every server test file
 * (test/domain-subscribers-setup.ts) for tests that call operations without an app. Idempotent.
 * The order is the order handlers run in: a deleted account first leaves its teams (refused for
 * an only owner, before anything else is written).
 */
export function subscribeDomainEvents(): void {
  subscribeWorkspacesToAuth();
  subscribeSupportToAuth();
  subscribeKeysToWorkspaces();
  subscribeCreditsToAccounts();
  subscribeFilesToDeletions();
  subscribeBillingToDeletions();
  subscribeRequestLogToDeletions();
  subscribeBillingToPayments();
}
