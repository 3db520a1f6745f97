import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database.ts';
import { sha256Hex } from '../../platform/tokens.ts';
import { freeCreditMailboxes } from './schema.ts';

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to, so that aliases of one inbox count once: lower case, no
 * `+tag`, and for Gmail no dots and one domain. The migration that filled the table for older
 * accounts applies the same rules in SQL (drizzle/0010_account_security.sql).
 */
export function normalizeMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  let local = address.slice(0, at).replace(/\+.*$/, '');
  let domain = address.slice(at + 1);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

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
