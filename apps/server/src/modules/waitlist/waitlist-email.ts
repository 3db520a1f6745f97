import { normalizeMailbox } from '../../platform/mailbox.ts';

/**
 * The key that makes one mailbox join once, the same notion of "one mailbox" as the free-credit
 * rule: lower case, no `+tag` (any provider), and for Gmail no dots, googlemail.com folded into
 * gmail.com. So aliases of one inbox cannot join again, nor count as referrals of its owner.
 */
export function normalizeWaitlistEmail(email: string): string {
  return normalizeMailbox(email);
}
