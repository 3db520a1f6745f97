import { PAYMENT_STATUSES } from '@conduit/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db-columns.ts';
import { users } from '../auth/schema.ts';
import { workspaces } from '../workspaces/schema.ts';

/**
 * One row per checkout started. The ledger's purchase entry references the row's id, and the
 * checkout session id is unique, so a session can be credited once whichever path (webhook or
 * verify call) gets there first. Rows are kept for accounting when an account is deleted.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    /** Who started the checkout. */
    createdBy: text('created_by').references(() => users.id),
    package: text('package').notNull(),
    credits: integer('credits').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    checkoutSessionId: text('checkout_session_id').unique(),
    paymentIntentId: text('payment_intent_id'),
    /** The sandbox checkout's own state (open, complete, expired); null for Stripe. */
    sandboxState: text('sandbox_state', { enum: ['open', 'complete', 'expired'] }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    paidAt: timestamptz('paid_at'),
  },
  (table) => [
    index('payments_workspace_id_created_at_idx').on(table.workspaceId, table.createdAt),
    check('payments_credits_check', sql`${table.credits} > 0`),
    check('payments_amount_cents_check', sql`${table.amountCents} > 0`),
    check(
      'payments_status_check',
      sql`${table.status} in ('pending', 'processing', 'paid', 'failed', 'expired', 'canceled')`,
    ),
  ],
);
export type PaymentRow = typeof payments.$inferSelect;

/** Stripe events already handled, by event id: a redelivered event changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  checkoutSessionId: text('checkout_session_id'),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});
