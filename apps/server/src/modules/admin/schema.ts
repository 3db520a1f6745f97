import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db-columns.ts';
import { users } from '../auth/schema.ts';

/**
 * Every change an admin (or the admin command) makes to an account, written in the same
 * transaction as the change itself, so a change without its row cannot exist. Append-only.
 * The actor is null for the command line (`details.source` is then 'cli').
 *
 * The admin queries also rely on indexes of other modules' tables, created by the custom
 * migration `0007_admin_indexes.sql` (see docs/admin-figures.md, "Indexes").
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: text('id').primaryKey(),
    at: timestamptz('at').notNull().defaultNow(),
    actorId: text('actor_id').references(() => users.id),
    action: text('action').notNull(),
    targetUserId: text('target_user_id').references(() => users.id),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (table) => [
    // The log is read newest first and paged by (at, id).
    index('admin_audit_log_at_id_idx').on(table.at, table.id),
    index('admin_audit_log_target_user_id_idx').on(table.targetUserId),
  ],
);
export type AdminAuditRow = typeof adminAuditLog.$inferSelect;

/**
 * Runs of the ledger audit: every account's balance against the sum of its ledger entries. It
 * reads the whole ledger, so a worker runs it on a schedule (ledger-audit.ts) and the health page
 * shows the latest run instead of reading millions of entries on every page view.
 */
export const ledgerChecks = pgTable(
  'ledger_checks',
  {
    id: text('id').primaryKey(),
    checkedAt: timestamptz('checked_at').notNull(),
    accounts: integer('accounts').notNull(),
    /** Accounts whose balance differs from the sum of their entries: 0 unless money is wrong. */
    mismatched: integer('mismatched').notNull(),
    durationMs: integer('duration_ms').notNull(),
  },
  (table) => [index('ledger_checks_checked_at_idx').on(table.checkedAt)],
);
