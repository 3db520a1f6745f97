import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from '../../platform/db-columns.ts';
import { workspaceRef } from '../auth/workspace-schema.ts';

/**
 * Files a workspace uploaded as inputs (POST /api/provider/files): kept in the result store under
 * `<id>/<name>`, reachable by a signed URL until `expiresAt`, counted against the workspace's
 * storage quota until then. `deletedAt`: removed by its owner or expired and swept.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    workspaceId: workspaceRef(),
    /** The stored file's random name (`<20 chars>.<ext>`). */
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    deletedAt: timestamptz('deleted_at'),
  },
  (table) => [
    index('uploads_workspace_created_idx').on(table.workspaceId, table.createdAt),
    index('uploads_expires_idx').on(table.expiresAt).where(sql`${table.deletedAt} is null`),
  ],
);
export type UploadRow = typeof uploads.$inferSelect;
