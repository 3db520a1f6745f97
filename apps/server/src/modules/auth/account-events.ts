import type { Tx } from '../../platform/database.ts';
import { defineDomainEvent } from '../../platform/domain-events.ts';

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
