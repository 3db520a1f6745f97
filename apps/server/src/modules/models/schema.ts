import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db-columns.ts';
import { users } from '../auth/schema.ts';

/**
 * The operator's settings of a catalogue model (packages/contracts models.ts): on or off, and its
 * price in credits. A model without a row is on, at its default price (docs/product.md, "Models").
 */
export const modelSettings = pgTable(
  'model_settings',
  {
    modelId: text('model_id').primaryKey(),
    enabled: boolean('enabled').notNull().default(true),
    credits: integer('credits'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [check('model_settings_credits_check', sql`${table.credits} is null or ${table.credits} > 0`)],
);
export type ModelSettingRow = typeof modelSettings.$inferSelect;
