import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db-columns.ts';
import { workspaceRef } from '../auth/workspace-schema.ts';

/**
 * Low-balance alerts: one row per threshold a workspace chose. An armed alert fires once when the
 * balance falls below its threshold (a mail and a `balance.low` webhook event) and disarms in the
 * same statement, so two processes cannot both send it; it re-arms once the balance is back at or
 * above the threshold.
 */
export const balanceAlerts = pgTable(
  'balance_alerts',
  {
    id: text('id').primaryKey(),
    workspaceId: workspaceRef(),
    threshold: integer('threshold').notNull(),
    isArmed: boolean('is_armed').notNull().default(true),
    lastFiredAt: timestamptz('last_fired_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    unique('balance_alerts_workspace_threshold_key').on(table.workspaceId, table.threshold),
    index('balance_alerts_armed_idx').on(table.workspaceId).where(sql`${table.isArmed}`),
    check('balance_alerts_threshold_check', sql`${table.threshold} > 0`),
  ],
);
export type BalanceAlertRow = typeof balanceAlerts.$inferSelect;
