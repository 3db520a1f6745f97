import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db-columns.ts';

/** One row describing this installation: when it was created and how often it has started. */
export const installation = pgTable('installation', {
  id: text('id').primaryKey(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  lastStartedAt: timestamptz('last_started_at').notNull().defaultNow(),
  startCount: integer('start_count').notNull().default(1),
});
