import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db-columns.ts';
import { users } from '../auth/schema.ts';
import { workspaces } from '../auth/workspace-schema.ts';

/**
 * The card auto top-up charges, one per workspace: saved by a purchase whose buyer ticked "Save
 * this card" (a later one replaces it). Only the provider's reference and what we show are kept.
 */
export const savedCards = pgTable('saved_cards', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspaces.id),
  provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
  /** Stripe's Customer (null in the sandbox). */
  customerId: text('customer_id'),
  /** Stripe's PaymentMethod, or `pm_sandbox_...` (which says whether the test card declines). */
  paymentMethodId: text('payment_method_id').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  /** The payment that saved it. */
  paymentId: text('payment_id').notNull(),
  savedAt: timestamptz('saved_at').notNull().defaultNow(),
});
export type SavedCardRow = typeof savedCards.$inferSelect;

/**
 * Auto top-up settings and state per workspace. An armed row whose balance is under the threshold
 * is claimed by one conditional UPDATE (it disarms in the same statement), so however many scans
 * run, one crossing buys one pack; it re-arms when the balance is back at or above the threshold.
 */
export const autoTopUps = pgTable(
  'auto_topups',
  {
    workspaceId: text('workspace_id')
      .primaryKey()
      .references(() => workspaces.id),
    isEnabled: boolean('is_enabled').notNull().default(false),
    threshold: integer('threshold').notNull(),
    package: text('package').notNull(),
    monthlyLimit: integer('monthly_limit').notNull(),
    isArmed: boolean('is_armed').notNull().default(true),
    /** Declined charges since the last paid one; the third turns auto top-up off. */
    failures: integer('failures').notNull().default(0),
    /** After a decline, the next try waits until then. */
    retryAt: timestamptz('retry_at'),
    turnedOffAfterFailures: boolean('turned_off_after_failures').notNull().default(false),
    updatedBy: text('updated_by').references(() => users.id),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('auto_topups_enabled_idx').on(table.workspaceId).where(sql`${table.isEnabled}`),
    check('auto_topups_threshold_check', sql`${table.threshold} > 0`),
    check('auto_topups_monthly_limit_check', sql`${table.monthlyLimit} > 0`),
  ],
);
export type AutoTopUpRow = typeof autoTopUps.$inferSelect;
