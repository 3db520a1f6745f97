import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database.ts';
import { normalizeMailbox } from '../../platform/mailbox.ts';
import { sha256Hex } from '../../platform/tokens.ts';
import { freeCreditMailboxes } from './schema.ts';

export const mailboxHash = (email: string) => sha256Hex(normalizeMailbox(email));

/**
 * Claims the free credits of a mailbox for an account, inside the caller's transaction. True when
 * the mailbox is this account's (claimed now, or earlier by the same account); false when
 * another account, deleted or not, already had them.
 */
export async function claimFreeCreditMailbox(tx: Tx, userId: string, email: string): Promise<boolean> {
  const hash = mailboxHash(email);
  await tx.insert(freeCreditMailboxes).values({ mailboxHash: hash, userId }).onConflictDoNothing();
  const [claim] = await tx
    .select({ userId: freeCreditMailboxes.userId })
    .from(freeCreditMailboxes)
    .where(eq(freeCreditMailboxes.mailboxHash, hash));
  return claim?.userId === userId;
}
