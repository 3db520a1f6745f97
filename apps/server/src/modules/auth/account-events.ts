import type { Tx } from '../../platform/database.ts';
import { defineDomainEvent } from '../../platform/domain-events.ts';
import type { Services } from '../../platform/services.ts';

/**
 * An account is being deleted, published first in the deletion's transaction (its personal
 * workspace has the account's id): the modules above auth end what the account holds there (team
 * memberships, the address on support tickets, result files, auto top-up, the request log), in the
 * same transaction, so a refusal (an only owner of a team) or a failure leaves the account whole.
 */
export const accountDeleted = defineDomainEvent<{
  tx: Tx;
  userId: string;
  anonymousEmail: string;
  now: Date;
}>('account.deleted');

/**
 * An account's deletion has committed: work that must not run before it (the result files' job,
 * which would find them still served) is started by the modules above auth.
 */
export const accountDeletionCommitted = defineDomainEvent<{
  services: Pick<Services, 'jobs' | 'log'>;
  userId: string;
}>('account.deletion-committed');

/**
 * An account was created (a registration, a first Google sign-in), in its transaction: credits
 * opens its credit account there, so an account never exists without its balance.
 */
export const accountCreated = defineDomainEvent<{ tx: Tx; userId: string }>('account.created');

/**
 * An account's address is now known to be its owner's (a verified email, a password reset
 * through the mailbox, a Google sign-in), in that transaction: credits grants the free credits
 * (once per account and per mailbox) and adds what it gave to `granted.credits`, which the
 * verification answers.
 */
export const accountVerified = defineDomainEvent<{
  tx: Tx;
  userId: string;
  email: string;
  granted: { credits: number };
}>('account.verified');

/** Publishes `accountVerified` for the account; answers the free credits its subscribers granted. */
export async function announceVerified(tx: Tx, account: { id: string; email: string }): Promise<number> {
  const granted = { credits: 0 };
  await accountVerified.publish({ tx, userId: account.id, email: account.email, granted });
  return granted.credits;
}
