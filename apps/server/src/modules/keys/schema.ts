import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db-columns.ts';
import { users } from '../auth/schema.ts';
import { workspaces } from '../workspaces/schema.ts';

/**
 * API keys. The key itself is shown to its owner whenever they look (the click-to-copy list of
 * docs/product.md, "Signed-in area"), so it is kept encrypted (AES-256-GCM) and found by its
 * SHA-256. Deleting sets `deleted_at`: usage history keeps naming the key, and every check requires
 * it to be null.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    /** Who created the key; the key belongs to the workspace and outlives their membership. */
    createdBy: text('created_by').references(() => users.id),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    keyEncrypted: text('key_encrypted').notNull(),
    permissions: text('permissions').array().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
    deletedAt: timestamptz('deleted_at'),
  },
  (table) => [
    index('api_keys_workspace_id_idx').on(table.workspaceId).where(sql`${table.deletedAt} is null`),
  ],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;
