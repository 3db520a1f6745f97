import { boolean, doublePrecision, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db-columns.ts';

/**
 * One row per thing the operator must hear about an upstream (`kie:balance`, `apify:balance`,
 * `apify:actor:<actor>`): its last reading and whether it is raised. A raise mails the admins once
 * per crossing (claimed by one UPDATE, alerts/claim-crossings.ts); the admin health page shows the
 * raised ones until a reading clears them.
 */
export const upstreamAlerts = pgTable('upstream_alerts', {
  id: text('id').primaryKey(),
  upstream: text('upstream').notNull(),
  isRaised: boolean('is_raised').notNull().default(false),
  /** The last reading in words, for the health page and the mail. */
  reason: text('reason').notNull(),
  /** The last balance read (kie credits, Apify dollars left); null when the reading is no number. */
  value: doublePrecision('value'),
  checkedAt: timestamptz('checked_at').notNull().defaultNow(),
  raisedAt: timestamptz('raised_at'),
});
export type UpstreamAlertRow = typeof upstreamAlerts.$inferSelect;
