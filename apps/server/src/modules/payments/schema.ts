import { PAYMENT_STATUSES } from '@conduit/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db-columns.ts';
import { users } from '../auth/schema.ts';
import { workspaceRef, workspaces } from '../auth/workspace-schema.ts';

/**
 * One row per checkout started. The ledger's purchase entry references the row's id, and the
 * checkout session id is unique, so a session can be credited once whichever path (webhook or
 * verify call) gets there first. Rows are kept for accounting when an account is deleted.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    workspaceId: workspaceRef(),
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
    /** A checkout, or auto top-up's off-session charge of the saved card (no checkout session). */
    kind: text('kind', { enum: ['checkout', 'auto_topup'] })
      .notNull()
      .default('checkout'),
    /** The buyer asked to keep the card for auto top-up. */
    saveCard: boolean('save_card').notNull().default(false),
    /** The card paid with (Stripe's PaymentMethod or `pm_sandbox_...`), brand and last four digits. */
    paymentMethodId: text('payment_method_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** Stripe's hosted receipt of the charge, stored when the payment is fulfilled. */
    receiptUrl: text('receipt_url'),
    failureMessage: text('failure_message'),
    /** The workspace's billing details when the payment was made, as its receipt prints them. */
    billingDetails: jsonb('billing_details').$type<Record<string, string | null>>(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    paidAt: timestamptz('paid_at'),
  },
  (table) => [
    index('payments_workspace_id_created_at_idx').on(table.workspaceId, table.createdAt),
    check('payments_credits_check', sql`${table.credits} > 0`),
    check('payments_kind_check', sql`${table.kind} in ('checkout', 'auto_topup')`),
    index('payments_open_topups_idx')
      .on(table.createdAt)
      .where(sql`${table.kind} = 'auto_topup' and ${table.status} in ('pending', 'processing')`),
    // Checkouts left open, which expire after a day (expire-checkouts.ts).
    index('payments_open_checkouts_idx')
      .on(table.createdAt)
      .where(sql`${table.kind} = 'checkout' and ${table.status} = 'pending'`),
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

/**
 * A workspace's billing details (printed on receipts, sent to Stripe as the customer's) and its
 * Stripe Customer, created the first time a checkout needs one. The details are all null until
 * someone saves them (`name` is set whenever they are).
 */
export const billingProfiles = pgTable('billing_profiles', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspaces.id),
  name: text('name'),
  company: text('company'),
  line1: text('line1'),
  line2: text('line2'),
  city: text('city'),
  postalCode: text('postal_code'),
  country: text('country'),
  vatId: text('vat_id'),
  stripeCustomerId: text('stripe_customer_id').unique(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
export type BillingProfileRow = typeof billingProfiles.$inferSelect;
