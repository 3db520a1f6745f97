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
