import { eq } from 'drizzle-orm';
import { accountDeleted } from '../auth/account-events.ts';
import { supportTickets } from './schema.ts';

/** A deleted account's support tickets stay for the record, but no longer name the address. */
export function subscribeSupportToAuth(): void {
  accountDeleted.subscribe('support.anonymise-tickets', async ({ tx, userId, anonymousEmail }) => {
    await tx.update(supportTickets).set({ email: anonymousEmail }).where(eq(supportTickets.userId, userId));
  });
}
