import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db-columns.ts';
import { users } from '../auth/schema.ts';
import { workspaceColumn, workspaces } from '../auth/workspace-schema.ts';

export const CREDIT_REASONS = ['free_credits', 'purchase', 'usage', 'refund', 'adjustment'] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

/** One balance per workspace; the CHECK makes overdraft impossible whatever the code does. */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    workspaceId: text('workspace_id')
      .primaryKey()
      .references(() => workspaces.id),
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /*
     * Call activity, set by the debit statement itself (modules/credits/account-activity.ts), so
     * the admin figures count accounts, not calls (docs/admin-figures.md). A run ("streak") is a
     * sequence of paid calls no more than 30 days apart.
     */
    lastCallAt: timestamptz('last_call_at'),
    streakStartAt: timestamptz('streak_start_at'),
    prevStreakLastAt: timestamptz('prev_streak_last_at'),
    lastImageAt: timestamptz('last_image_at'),
    lastVideoAt: timestamptz('last_video_at'),
    lastSoraAt: timestamptz('last_sora_at'),
    lastLinkedinAt: timestamptz('last_linkedin_at'),
  },
  (table) => [check('credit_accounts_balance_check', sql`${table.balance} >= 0`)],
);

/**
 * The append-only ledger (docs/product.md, "Credits and money"). Each row changes the balance in the same
 * transaction; (reason, reference) is unique, so a grant, purchase, debit or refund keyed by
 * its cause can only ever be written once.
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: text('id').primaryKey(),
    workspaceId: workspaceColumn(),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: CREDIT_REASONS }).notNull(),
    reference: text('reference').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** The paid service a usage or refund entry belongs to (contracts' USAGE_COSTS keys). */
    service: text('service'),
    note: text('note'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique('credit_entries_reason_reference_key').on(table.reason, table.reference),
    index('credit_entries_workspace_id_created_at_idx').on(table.workspaceId, table.createdAt),
    check('credit_entries_delta_check', sql`${table.delta} <> 0`),
    check('credit_entries_balance_after_check', sql`${table.balanceAfter} >= 0`),
    check(
      'credit_entries_reason_check',
      sql`${table.reason} in ('free_credits', 'purchase', 'usage', 'refund', 'adjustment')`,
    ),
  ],
);

/**
 * Mailboxes that already received the free credits, by the SHA-256 of the normalised address
 * (free-credit-mailbox.ts). The row outlives the account: deleting an account and signing up
 * again with the same mailbox grants nothing.
 */
export const freeCreditMailboxes = pgTable('free_credit_mailboxes', {
  mailboxHash: text('mailbox_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  grantedAt: timestamptz('granted_at').notNull().defaultNow(),
});
