import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db-columns.ts';
import { userRef } from '../auth/schema.ts';
import { tasks } from '../tasks/schema.ts';

/**
 * A user's 1-5 rating of one of their results: one row per task, rating again replaces it.
 * The admin feature analytics average these per service.
 */
export const taskRatings = pgTable(
  'task_ratings',
  {
    taskId: text('task_id')
      .primaryKey()
      .references(() => tasks.id),
    userId: userRef('user_id'),
    rating: smallint('rating').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('task_ratings_user_id_idx').on(table.userId),
    check('task_ratings_rating_check', sql`${table.rating} between 1 and 5`),
  ],
);
