import { FREE_CREDITS_ON_VERIFY, type UsageCostKey } from '@conduit/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/database.ts';
import { newId } from '../../platform/ids.ts';
import { claimFreeCreditMailbox } from './free-credit-mailbox.ts';
import { type CreditReason, creditAccounts, creditEntries } from './schema.ts';

export interface LedgerEntryInput {
  workspaceId: string;
  delta: number;
  reason: CreditReason;
  /** What caused the entry (a user for free credits, a payment, a task); unique per reason. */
  reference: string;
  service?: UsageCostKey;
  note?: string;
}

export interface LedgerResult {
  /** False when an entry with this reason and reference already existed: nothing changed. */
  isApplied: boolean;
  balance: number;
}

/** Every account has a balance row from the moment it exists. */
export async function openCreditAccount(tx: DbOrTx, workspaceId: string): Promise<void> {
  await tx.insert(creditAccounts).values({ workspaceId }).onConflictDoNothing();
}

export async function getBalance(db: DbOrTx, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ balance: creditAccounts.balance })
    .from(creditAccounts)
    .where(eq(creditAccounts.workspaceId, workspaceId));
  return row?.balance ?? 0;
}

/** The account's row, locked until the caller's transaction ends: grants and corrections queue on it. */
async function lockAccount(tx: Tx, workspaceId: string) {
  const [account] = await tx
    .select({ balance: creditAccounts.balance })
    .from(creditAccounts)
    .where(eq(creditAccounts.workspaceId, workspaceId))
    .for('update');
  if (!account) throw new Error(`No credit account for ${workspaceId}`);
  return account;
}

async function setBalance(tx: Tx, workspaceId: string, balance: number) {
  await tx
    .update(creditAccounts)
    .set({ balance, updatedAt: sql`now()` })
    .where(eq(creditAccounts.workspaceId, workspaceId));
}

/**
 * Adds credits once per (reason, reference). The account row is locked first, so concurrent
 * grants for one account queue up; the unique key then turns a repeat into a no-op instead of a
 * second credit. Must run inside the caller's transaction.
 */
export async function grantCredits(tx: Tx, input: LedgerEntryInput): Promise<LedgerResult> {
  if (!Number.isSafeInteger(input.delta) || input.delta <= 0) {
    throw new Error(`grantCredits needs a positive integer delta, got ${input.delta}`);
  }
  const account = await lockAccount(tx, input.workspaceId);

  const balanceAfter = account.balance + input.delta;
  const inserted = await tx
    .insert(creditEntries)
    .values({
      id: newId('cre'),
      workspaceId: input.workspaceId,
      delta: input.delta,
      reason: input.reason,
      reference: input.reference,
      service: input.service,
      note: input.note,
      balanceAfter,
    })
    .onConflictDoNothing({ target: [creditEntries.reason, creditEntries.reference] })
    .returning({ id: creditEntries.id });
  if (inserted.length === 0) return { isApplied: false, balance: account.balance };

  await setBalance(tx, input.workspaceId, balanceAfter);
  return { isApplied: true, balance: balanceAfter };
}

export async function hasLedgerEntry(db: DbOrTx, reason: CreditReason, reference: string) {
  const [row] = await db
    .select({ id: creditEntries.id })
    .from(creditEntries)
    .where(and(eq(creditEntries.reason, reason), eq(creditEntries.reference, reference)));
  return Boolean(row);
}

/**
 * 20 free credits, once per account whatever path verifies it (the reference is the account) and
 * once per mailbox however many accounts it verifies (free-credit-mailbox.ts).
 */
export async function grantFreeCredits(tx: Tx, workspaceId: string, email: string): Promise<LedgerResult> {
  if (!(await claimFreeCreditMailbox(tx, workspaceId, email))) {
    return { isApplied: false, balance: await getBalance(tx, workspaceId) };
  }
  return grantCredits(tx, {
    workspaceId,
    delta: FREE_CREDITS_ON_VERIFY,
    reason: 'free_credits',
    reference: workspaceId,
    note: 'Free credits for verifying the account',
  });
}

export interface AdjustmentResult {
  /** False when taking the credits away would leave the balance below 0: nothing changed. */
  isApplied: boolean;
  /** The balance after the adjustment, or the unchanged balance when it was refused. */
  balance: number;
}

/**
 * An admin's correction, positive or negative, as one 'adjustment' entry carrying the reason.
 * The account row is locked first, so concurrent adjustments and debits queue up and the balance
 * is read and written under the lock; a negative delta larger than the balance is refused
 * (the CHECK on balance would refuse it anyway). Must run inside the caller's transaction.
 */
export async function adjustCredits(
  tx: Tx,
  input: { workspaceId: string; delta: number; reference: string; note: string },
): Promise<AdjustmentResult> {
  if (!Number.isSafeInteger(input.delta) || input.delta === 0) {
    throw new Error(`adjustCredits needs a non-zero integer delta, got ${input.delta}`);
  }
  const account = await lockAccount(tx, input.workspaceId);
  const balanceAfter = account.balance + input.delta;
  if (balanceAfter < 0) return { isApplied: false, balance: account.balance };
  await tx.insert(creditEntries).values({
    id: newId('cre'),
    workspaceId: input.workspaceId,
    delta: input.delta,
    reason: 'adjustment',
    reference: input.reference,
    note: input.note,
    balanceAfter,
  });
  await setBalance(tx, input.workspaceId, balanceAfter);
  return { isApplied: true, balance: balanceAfter };
}
