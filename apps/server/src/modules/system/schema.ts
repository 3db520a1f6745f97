import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row describing this installation: when it was created and how often it has started. */
export const installation = pgTable('installation', {
  id: text('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }).notNull().defaultNow(),
  startCount: integer('start_count').notNull().default(1),
});
